import { Compile } from 'typebox/compile'
import type { Fault } from '../fault.ts'
import { ProjectDocumentSchema } from '../schema.ts'
import type { DocumentRule } from './rule.ts'

const validator = Compile(ProjectDocumentSchema)

interface SchemaError {
  readonly keyword: string
  readonly instancePath: string
  readonly params: Record<string, unknown>
  readonly message: string
}

export const schemaShape: DocumentRule = {
  name: 'schema-shape',
  description: 'Fields, types and formats of the project document schema; no unknown fields.',
  check(document) {
    if (validator.Check(document)) return []
    const faults: Fault[] = []
    for (const error of validator.Errors(document) as Iterable<SchemaError>) {
      const fault = toFault(error)
      if (fault !== null) faults.push(fault)
    }
    return faults
  },
}

function toFault(error: SchemaError): Fault | null {
  const path = error.instancePath
    .split('/')
    .slice(1)
    .map((key) => key.replaceAll('~1', '/').replaceAll('~0', '~'))
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

function describePattern(pattern: string): string {
  if (pattern.startsWith('^\\d{4}')) return 'must be a date written YYYY-MM-DD'
  if (pattern.startsWith('^https?')) return 'must be an http(s) URL'
  if (pattern.startsWith('^[a-z0-9]')) {
    return 'must be a lowercase slug: letters, digits, ".", "_" or "-", at most 128 characters'
  }
  return `must match ${pattern}`
}
