import { Compile } from 'typebox/compile'
import Format from 'typebox/format'
import { rememberedByText } from '../../remembered-by-text.ts'
import type { Fault } from '../fault.ts'
import { ProjectDocumentSchema } from '../schema.ts'
import type { DocumentRule } from './rule.ts'

// A dataset repeats its source URLs and dates on many entries: each text is judged by its
// format once. The same answers as the formats' own checks, which stay the judges.
for (const name of ['uri', 'date']) {
  const check = Format.Get(name)
  if (check !== undefined) Format.Set(name, rememberedByText(check))
}

const validator = Compile(ProjectDocumentSchema)

interface SchemaError {
  readonly keyword: string
  readonly instancePath: string
  readonly params: Record<string, unknown>
  readonly message: string
}

/** Fields, types and formats of the project document schema; no unknown fields. */
export const schemaShape: DocumentRule = (document) => {
  if (validator.Check(document)) return []
  const faults: Fault[] = []
  for (const error of validator.Errors(document) as Iterable<SchemaError>) {
    const fault = toFault(error, document)
    if (fault !== null) faults.push(fault)
  }
  return faults
}

function toFault(error: SchemaError, document: unknown): Fault | null {
  const path = pathOf(error.instancePath, document)
  switch (error.keyword) {
    // Reported once more as `additionalProperties`, with the field's name.
    case 'boolean':
      return null
    case 'additionalProperties': {
      const names = (error.params.additionalProperties as string[] | undefined) ?? []
      return { path, message: `unknown field ${names.map((n) => `'${n}'`).join(', ')}` }
    }
    case 'required': {
      const names = (error.params.requiredProperties as string[] | undefined) ?? []
      return { path, message: `missing required field ${names.map((n) => `'${n}'`).join(', ')}` }
    }
    case 'pattern':
      return { path, message: describePattern(String(error.params.pattern)) }
    default:
      return { path, message: error.message }
  }
}

/** JSON pointer → path keys; array indices become numbers so they print as `[0]`. */
function pathOf(pointer: string, document: unknown): (string | number)[] {
  const path: (string | number)[] = []
  let node = document
  for (const raw of pointer.split('/').slice(1)) {
    const key = raw.replaceAll('~1', '/').replaceAll('~0', '~')
    const step = Array.isArray(node) ? Number(key) : key
    path.push(step)
    node = (node as Record<string | number, unknown> | null | undefined)?.[step]
  }
  return path
}

function describePattern(pattern: string): string {
  if (pattern.startsWith('^\\d{4}')) return 'must be a date written YYYY-MM-DD'
  if (pattern.startsWith('^https?')) return 'must be an http(s) URL'
  if (pattern.startsWith('^[a-z0-9]')) {
    return 'must be a lowercase slug: letters, digits, ".", "_" or "-", at most 128 characters'
  }
  return `must match ${pattern}`
}
