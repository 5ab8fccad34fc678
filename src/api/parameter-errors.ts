/**
 * The value rules' English wording: schema errors (from the request schemas, whoever ran
 * them) become one entry per offending parameter, with a reason a person can act on.
 */

import type { ParameterError, ParameterLocation } from './problem.ts'
import { DEPENDENCY_COUNT_TEXT } from './request-limits.ts'

/** The reason of a parameter a request does not take. */
export const UNKNOWN_PARAMETER = 'is not a parameter of this request'

/** The shape shared by Ajv's errors and our own. */
export interface SchemaError {
  readonly keyword: string
  readonly instancePath: string
  readonly params: Record<string, unknown>
  readonly message?: string
  readonly propertyName?: string
}

/**
 * @example toParameterErrors(validate.errors, 'query', query) // [{ name: 'version', in: 'query', reason: 'must not be empty' }]
 */
export function toParameterErrors(
  errors: readonly SchemaError[],
  location: ParameterLocation,
  input: unknown,
): ParameterError[] {
  const result: ParameterError[] = []
  const seen = new Set<string>()
  for (const error of errors) {
    const described = describe(error, input, location === 'query')
    if (described === null) continue
    const key = `${described.name}\0${described.reason}`
    if (seen.has(key)) continue
    seen.add(key)
    result.push({ name: described.name, in: location, reason: described.reason })
  }
  return result
}

/** Parameters holding an object of names to versions, and what their names and values are. */
const NAMED_VERSIONS: Readonly<Record<string, { readonly names: string; readonly noun: string }>> =
  {
    dependencies: { names: 'dependency keys', noun: 'dependencies' },
    components: { names: 'component names', noun: 'components' },
  }

/** In a query, an array is a parameter given twice; in a JSON body it is just the wrong type. */
function describe(
  error: SchemaError,
  input: unknown,
  inQuery: boolean,
): { name: string; reason: string } | null {
  const [field, key] = error.instancePath
    .split('/')
    .slice(1)
    .map((part) => part.replaceAll('~1', '/').replaceAll('~0', '~'))
  if (field === undefined) {
    if (error.keyword === 'required') {
      return { name: String(error.params.missingProperty), reason: 'is required' }
    }
    if (error.keyword === 'additionalProperties') {
      return { name: String(error.params.additionalProperty), reason: UNKNOWN_PARAMETER }
    }
    if (error.keyword === 'type') return { name: 'body', reason: 'must be a JSON object' }
    return { name: 'body', reason: error.message ?? error.keyword }
  }
  const value = (input as Record<string, unknown> | null | undefined)?.[field]
  const named = Object.hasOwn(NAMED_VERSIONS, field) ? NAMED_VERSIONS[field] : undefined
  if (named !== undefined && key === undefined) {
    if (error.propertyName !== undefined) {
      return {
        name: field,
        reason: `key ${JSON.stringify(error.propertyName)} ${valueRule(error, false)}`,
      }
    }
    switch (error.keyword) {
      case 'propertyNames':
        return null
      case 'type':
        return {
          name: field,
          reason:
            inQuery && Array.isArray(value) && typeof value[0] === 'string'
              ? 'is given more than once'
              : `must be a JSON object of ${named.names} to version strings`,
        }
      case 'minProperties':
      case 'maxProperties':
        return { name: field, reason: `must hold ${DEPENDENCY_COUNT_TEXT} ${named.noun}` }
    }
  }
  if (named !== undefined && key !== undefined) {
    return { name: field, reason: `value of ${JSON.stringify(key)} ${valueRule(error, false)}` }
  }
  return { name: field, reason: valueRule(error, inQuery && Array.isArray(value)) }
}

/** The JSON type a value must be, as a sentence says it (`"path": "true"` must be a boolean). */
const TYPE_NAMES: Readonly<Record<string, string>> = {
  string: 'a string',
  boolean: 'a boolean (true or false)',
  integer: 'an integer',
  number: 'a number',
  object: 'a JSON object',
  array: 'a list',
  null: 'null',
}

function typeName(type: unknown): string {
  // Ajv names several types as "string,null" or an array of them.
  const names = (Array.isArray(type) ? type : String(type ?? 'string').split(',')).map(
    (name) => TYPE_NAMES[String(name)] ?? String(name),
  )
  return names.length === 1
    ? (names[0] as string)
    : `${names.slice(0, -1).join(', ')} or ${names.at(-1)}`
}

function valueRule(error: SchemaError, givenTwice: boolean): string {
  switch (error.keyword) {
    case 'type':
      return givenTwice ? 'is given more than once' : `must be ${typeName(error.params.type)}`
    case 'minLength':
      return 'must not be empty'
    case 'maxLength':
      return `must be at most ${String(error.params.limit)} characters`
    case 'pattern':
      return 'must not contain control characters'
    case 'enum':
      return `must be one of ${(error.params.allowedValues as unknown[]).join(', ')}`
    default:
      return error.message ?? error.keyword
  }
}
