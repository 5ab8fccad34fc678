import { Compile } from 'typebox/compile'
import Format from 'typebox/format'
import { Settings } from 'typebox/system'
import { isJsonObject } from '../../json/is-json-object.ts'
import { rememberedByText } from '../../remembered-by-text.ts'
import type { Fault } from '../fault.ts'
import { DATE_PATTERN, GITHUB_REPOSITORY_PATTERN, ProjectDocumentSchema } from '../schema.ts'
import type { DocumentRule } from './rule.ts'

// A dataset repeats its source URLs on many entries: each text is judged by its format once.
// The same answers as the format's own check, which stays the judge.
const uri = Format.Get('uri')
if (uri !== undefined) Format.Set('uri', rememberedByText(uri))
// A date's shape is the schema's to judge; whether it is a day of the calendar is the
// calendar-dates rule's, which says so in words ("'2026-02-30' is not a calendar date").
const DATE = new RegExp(DATE_PATTERN)
Format.Set('date', (value) => DATE.test(value))

const validator = Compile(ProjectDocumentSchema)

// Every fault of a file is listed (docs: data/README.md, "Validate"), not TypeBox's default 8.
const MAX_ERRORS = 100_000

interface SchemaError {
  readonly keyword: string
  readonly schemaPath: string
  readonly instancePath: string
  readonly params: Record<string, unknown>
  readonly message: string
}

type Schema = Record<string, unknown>

/**
 * Fields, types and formats of the project document schema; no unknown fields. One fault per
 * mistake: what was found and what is allowed (`must be high, medium or low; found "mediun"`),
 * not one line per alternative the schema tried.
 */
export const schemaShape: DocumentRule = (document) => {
  if (validator.Check(document)) return []
  const errors = collectErrors(document)
  const folded = new Set<SchemaError>()
  const faults: Fault[] = []
  // Outermost alternatives first: each is one fault, the errors of its branches folded into it.
  const unions = errors
    .filter((error) => error.keyword === 'anyOf')
    .sort((a, b) => a.schemaPath.length - b.schemaPath.length)
  for (const union of unions) {
    if (folded.has(union)) continue
    const inBranches = errors.filter(
      (error) => error !== union && error.schemaPath.startsWith(`${union.schemaPath}/anyOf/`),
    )
    for (const error of [union, ...inBranches]) folded.add(error)
    faults.push(...describeUnion(union, inBranches, document))
  }
  faults.push(
    ...describePlain(
      errors.filter((error) => !folded.has(error)),
      document,
    ),
  )
  return faults
}

function collectErrors(document: unknown): SchemaError[] {
  const { maxErrors } = Settings.Get()
  Settings.Set({ maxErrors: MAX_ERRORS })
  try {
    return validator.Errors(document) as SchemaError[]
  } finally {
    Settings.Set({ maxErrors })
  }
}

/**
 * An alternative that failed. An object is judged against the one branch its fields choose
 * (`{github: …}` against the GitHub form), with that branch's own faults; a scalar by the
 * alternatives, listed.
 */
function describeUnion(union: SchemaError, inBranches: SchemaError[], document: unknown): Fault[] {
  const path = pathOf(union.instancePath, document)
  const value = valueAt(document, path)
  const branches = ((schemaAt(union.schemaPath)?.anyOf as Schema[] | undefined) ?? []).map(
    (schema, index) => ({ schema, index }),
  )
  const objectBranches = branches.filter(({ schema }) => schema.type === 'object')
  if (isJsonObject(value) && objectBranches.length > 0) {
    const keys = objectBranches.map(({ schema }) => firstRequired(schema))
    const chosen = objectBranches.filter(({ schema }) =>
      ((schema.required as string[] | undefined) ?? []).every((name) => name in value),
    )
    const present = keys.filter((key) => key in value)
    if (present.length !== 1 || chosen.length !== 1) {
      const found = present.length === 0 ? 'none of them' : present.join(' and ')
      return [{ path, message: `must have exactly one of ${listOr(keys)}; found ${found}` }]
    }
    const prefix = `${union.schemaPath}/anyOf/${(chosen[0] as { index: number }).index}`
    return describePlain(
      inBranches.filter(
        (error) => error.schemaPath === prefix || error.schemaPath.startsWith(`${prefix}/`),
      ),
      document,
    )
  }
  const allowed = branches.map(({ schema }) => describeSchema(schema))
  return [{ path, message: `must be ${listOr(allowed)}; found ${describeValue(value)}` }]
}

/** Errors outside alternatives: one fault per field, except one per unknown or missing field. */
function describePlain(errors: readonly SchemaError[], document: unknown): Fault[] {
  const faults: Fault[] = []
  const judged = new Set<string>()
  for (const error of errors) {
    const path = pathOf(error.instancePath, document)
    switch (error.keyword) {
      // Reported once more as `additionalProperties`, with the field's name.
      case 'boolean':
        break
      case 'additionalProperties': {
        const names = (error.params.additionalProperties as string[] | undefined) ?? []
        const allowed = Object.keys((schemaAt(error.schemaPath)?.properties as Schema) ?? {})
        const hint = allowed.length === 0 ? '' : `; allowed: ${allowed.join(', ')}`
        faults.push({
          path,
          message: `unknown field ${names.map((name) => `'${name}'`).join(', ')}${hint}`,
        })
        break
      }
      case 'required': {
        const names = (error.params.requiredProperties as string[] | undefined) ?? []
        faults.push({
          path,
          message: `missing required field ${names.map((name) => `'${name}'`).join(', ')}`,
        })
        break
      }
      default: {
        // A value breaking several rules of its one schema (type, pattern, length) is one fault.
        if (judged.has(error.instancePath)) break
        judged.add(error.instancePath)
        const schema = schemaAt(error.schemaPath) ?? {}
        const rule =
          error.keyword === 'const'
            ? `must be ${describeSchema({ const: error.params.allowedValue })}`
            : error.keyword === 'type' ||
                error.keyword === 'pattern' ||
                error.keyword === 'format' ||
                error.keyword === 'minLength'
              ? `must be ${describeSchema(schema)}`
              : error.message
        faults.push({ path, message: `${rule}; found ${describeValue(valueAt(document, path))}` })
      }
    }
  }
  return faults
}

/** What a schema allows, in words: "high", "null", "a date written YYYY-MM-DD", "a string". */
function describeSchema(schema: Schema): string {
  // Allowed words unquoted, as a person lists them: high, medium or low.
  if ('const' in schema)
    return typeof schema.const === 'string' ? schema.const : describeValue(schema.const)
  if (schema.type === 'null') return 'null'
  if (Array.isArray(schema.anyOf)) return listOr((schema.anyOf as Schema[]).map(describeSchema))
  if (schema.type === 'string') {
    const pattern = typeof schema.pattern === 'string' ? schema.pattern : null
    if (pattern?.startsWith('^\\d{4}')) return 'a date written YYYY-MM-DD'
    if (pattern?.startsWith('^https?')) return 'an http(s) URL'
    if (pattern?.startsWith('^[a-z0-9]')) {
      return 'a lowercase slug (letters, digits, ".", "_" or "-", at most 128 characters)'
    }
    if (pattern === GITHUB_REPOSITORY_PATTERN) return 'a GitHub repository written owner/name'
    if (pattern !== null) return `a string matching ${pattern}`
    if (schema.minLength === 1) return 'a non-empty string'
    return 'a string'
  }
  if (schema.type === 'object') return 'an object'
  if (schema.type === 'array') return 'a list'
  if (schema.type === 'boolean') return 'true or false'
  return `a ${String(schema.type ?? 'value')}`
}

function describeValue(value: unknown): string {
  if (value === undefined) return 'nothing'
  if (Array.isArray(value)) return 'a list'
  if (isJsonObject(value)) return 'an object'
  return JSON.stringify(value)
}

function listOr(items: readonly string[]): string {
  const unique = [...new Set(items)]
  if (unique.length <= 1) return unique[0] ?? 'nothing'
  return `${unique.slice(0, -1).join(', ')} or ${unique.at(-1)}`
}

function firstRequired(schema: Schema): string {
  return ((schema.required as string[] | undefined) ?? [])[0] ?? '?'
}

/** The subschema at a schema path such as `#/properties/versions/patternProperties/^.*$`. */
function schemaAt(schemaPath: string): Schema | undefined {
  let node: unknown = ProjectDocumentSchema
  for (const raw of schemaPath.split('/').slice(1)) {
    const key = raw.replaceAll('~1', '/').replaceAll('~0', '~')
    node = (node as Record<string, unknown> | undefined)?.[key]
    if (node === undefined) return undefined
  }
  return node as Schema
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

function valueAt(document: unknown, path: readonly (string | number)[]): unknown {
  let node = document
  for (const step of path) node = (node as Record<string | number, unknown> | null)?.[step]
  return node
}
