/**
 * A JSON Schema (as the OpenAPI document states a request or an answer) in words, for the API
 * documentation page (docs/web.md, "The API documentation"): each field with its type, whether
 * it is required, its rules and its description, nested fields as nested lists.
 */
import { codeSpans } from './code-spans.ts'
import { el, type MarkupChild, type MarkupElement } from './markup.ts'

/** The parts of a JSON Schema the page reads; anything else is left unsaid. */
export interface JsonSchema {
  readonly type?: string | readonly string[]
  readonly description?: string
  readonly properties?: Readonly<Record<string, JsonSchema>>
  readonly required?: readonly string[]
  readonly additionalProperties?: JsonSchema | boolean
  readonly propertyNames?: JsonSchema
  readonly items?: JsonSchema
  readonly anyOf?: readonly JsonSchema[]
  readonly oneOf?: readonly JsonSchema[]
  readonly enum?: readonly unknown[]
  readonly const?: unknown
  readonly format?: string
  readonly pattern?: string
  readonly minLength?: number
  readonly maxLength?: number
  readonly minimum?: number
  readonly maximum?: number
  readonly minItems?: number
  readonly maxItems?: number
  readonly minProperties?: number
  readonly maxProperties?: number
  readonly examples?: readonly unknown[]
  readonly $ref?: string
}

/** What a value is, in a few words: `string`, `list of object`, `"compatible" or "unknown"`. */
export function typeText(schema: JsonSchema): string {
  if (schema.$ref !== undefined) return schema.$ref.split('/').at(-1) ?? 'see the reference'
  if (schema.const !== undefined) return JSON.stringify(schema.const)
  if (schema.enum !== undefined)
    return schema.enum.map((value) => JSON.stringify(value)).join(' or ')
  const union = schema.anyOf ?? schema.oneOf
  if (union !== undefined) return union.map(typeText).join(' or ')
  const type = typeof schema.type === 'string' ? schema.type : schema.type?.join(' or ')
  if (type === 'array')
    return `list of ${schema.items === undefined ? 'values' : typeText(schema.items)}`
  if (
    type === 'object' &&
    schema.properties === undefined &&
    isSchema(schema.additionalProperties)
  ) {
    return `map of ${typeText(schema.additionalProperties)}`
  }
  return type ?? 'any value'
}

/** The rules a value obeys, in words: `1 to 128 characters`, `date`, `at most 32 entries`. */
export function rulesText(schema: JsonSchema): string[] {
  const rules: string[] = []
  const range = (min: number | undefined, max: number | undefined, unit: string) => {
    if (min !== undefined && max !== undefined) rules.push(`${min} to ${max} ${unit}`)
    else if (min !== undefined) rules.push(`at least ${min} ${unit}`)
    else if (max !== undefined) rules.push(`at most ${max} ${unit}`)
  }
  range(schema.minLength, schema.maxLength, 'characters')
  range(schema.minItems, schema.maxItems, 'items')
  range(schema.minProperties, schema.maxProperties, 'entries')
  if (schema.minimum !== undefined) rules.push(`from ${schema.minimum}`)
  if (schema.maximum !== undefined) rules.push(`up to ${schema.maximum}`)
  if (schema.format !== undefined) rules.push(`format ${schema.format}`)
  return rules
}

/**
 * The schema's fields as a nested list; a union lists each of its forms. `depth` bounds the
 * nesting: the answers are deep, and every field is in the OpenAPI document anyway.
 */
export function schemaMarkup(schema: JsonSchema, depth = 0): MarkupElement | null {
  if (depth > 8) return null
  const union = schema.anyOf ?? schema.oneOf
  if (union?.some((form) => hasFields(form))) {
    return el(
      'ol',
      { class: 'schema-forms' },
      union.map((form, at) =>
        el(
          'li',
          {},
          el('span', { class: 'muted' }, `Form ${at + 1}: `),
          el('span', { class: 'schema-type' }, typeText(form)),
          describe(form),
          schemaMarkup(form, depth + 1),
        ),
      ),
    )
  }
  if (schema.items !== undefined && hasFields(schema.items)) {
    return schemaMarkup(schema.items, depth + 1)
  }
  const properties = Object.entries(schema.properties ?? {})
  const extra = schema.additionalProperties
  if (properties.length === 0 && !isSchema(extra)) return null
  const required = new Set(schema.required ?? [])
  return el(
    'ul',
    { class: 'schema-fields' },
    properties.map(([name, field]) => fieldItem(name, field, required.has(name), depth)),
    isSchema(extra)
      ? fieldItem(
          schema.propertyNames?.description === undefined ? 'any name' : 'each name',
          extra,
          false,
          depth,
          schema.propertyNames,
        )
      : null,
  )
}

function fieldItem(
  name: string,
  field: JsonSchema,
  required: boolean,
  depth: number,
  names?: JsonSchema,
): MarkupElement {
  return el(
    'li',
    {},
    el('code', { class: 'field-name' }, name),
    ' ',
    el('span', { class: 'schema-type' }, typeText(field)),
    required ? [' ', el('span', { class: 'required' }, 'required')] : null,
    names?.description === undefined
      ? null
      : el('span', { class: 'hint block' }, 'Names: ', codeSpans(names.description)),
    describe(field),
    schemaMarkup(field, depth + 1),
  )
}

/** The description and the rules, after a field's name and type. */
function describe(schema: JsonSchema): MarkupChild {
  const rules = rulesText(schema)
  if (schema.description === undefined && rules.length === 0) return null
  return el(
    'span',
    { class: 'block' },
    schema.description === undefined ? null : codeSpans(schema.description),
    rules.length === 0 ? null : el('span', { class: 'muted' }, ` (${rules.join('; ')})`),
  )
}

function hasFields(schema: JsonSchema): boolean {
  return (
    schema.properties !== undefined ||
    isSchema(schema.additionalProperties) ||
    (schema.items !== undefined && hasFields(schema.items)) ||
    (schema.anyOf ?? schema.oneOf ?? []).some(hasFields)
  )
}

function isSchema(value: JsonSchema | boolean | undefined): value is JsonSchema {
  return typeof value === 'object' && value !== null
}
