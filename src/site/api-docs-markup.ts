/**
 * The API documentation (`/api/v1/docs`, docs/web.md "The API documentation"): the OpenAPI
 * document the server generates, rendered on the server like every page of the site — each
 * operation with its parameters, request body and answers, grouped by tag, with a contents
 * list. It reads without a script, and nothing in it needs one.
 */
import { codeSpans } from './code-spans.ts'
import { el, type MarkupElement } from './markup.ts'
import { type JsonSchema, rulesText, schemaMarkup, typeText } from './schema-markup.ts'

/** The parts of an OpenAPI 3.1 document the page reads. */
export interface OpenApiDocument {
  readonly info: { readonly title: string; readonly version: string; readonly description?: string }
  readonly tags?: readonly { readonly name: string; readonly description?: string }[]
  readonly paths: Readonly<Record<string, Readonly<Record<string, OpenApiOperation>>>>
}

interface OpenApiOperation {
  readonly operationId?: string
  readonly summary?: string
  readonly description?: string
  readonly tags?: readonly string[]
  readonly parameters?: readonly {
    readonly name: string
    readonly in: string
    readonly required?: boolean
    readonly description?: string
    readonly schema?: JsonSchema
  }[]
  readonly requestBody?: { readonly required?: boolean; readonly content?: MediaTypes }
  readonly responses?: Readonly<
    Record<string, { readonly description?: string; readonly content?: MediaTypes }>
  >
}

type MediaTypes = Readonly<Record<string, { readonly schema?: JsonSchema }>>

const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const
const PROBLEM_TYPE = 'application/problem+json'
const PROBLEM_ID = 'problem-details'

/** The content of `<main>` for the API documentation; `openapiPath`: where the document is. */
export function apiDocsMain(document: OpenApiDocument, openapiPath: string): MarkupElement[] {
  const operations = operationsOf(document)
  const tags = [
    ...(document.tags ?? []),
    ...[...new Set(operations.map((operation) => operation.tag))]
      .filter((name) => !(document.tags ?? []).some((tag) => tag.name === name))
      .map((name) => ({ name, description: undefined })),
  ].filter((tag) => operations.some((operation) => operation.tag === tag.name))
  const problem = problemSchema(operations)
  return [
    el('h1', {}, 'API documentation'),
    el(
      'p',
      { class: 'lead' },
      document.info.description === undefined ? null : codeSpans(document.info.description),
    ),
    el(
      'p',
      {},
      `${document.info.title}, version ${document.info.version}. Every operation below is described by the `,
      el('a', { href: openapiPath }, 'OpenAPI document'),
      ' this server generates from the schemas that check each request; load it into any OpenAPI tool to call the API from there.',
    ),
    el(
      'nav',
      { class: 'api-contents', 'aria-labelledby': 'api-contents-heading' },
      el('h2', { id: 'api-contents-heading' }, 'Operations'),
      el(
        'ul',
        {},
        tags.map((tag) =>
          el(
            'li',
            {},
            el('a', { href: `#tag-${tag.name}` }, tag.name),
            el(
              'ul',
              {},
              operations
                .filter((operation) => operation.tag === tag.name)
                .map((operation) =>
                  el(
                    'li',
                    {},
                    el(
                      'a',
                      { href: `#${operation.id}` },
                      `${operation.method.toUpperCase()} ${operation.path}`,
                    ),
                    operation.operation.summary === undefined
                      ? null
                      : `: ${operation.operation.summary}`,
                  ),
                ),
            ),
          ),
        ),
        problem === null
          ? null
          : el('li', {}, el('a', { href: `#${PROBLEM_ID}` }, 'Problem details (errors)')),
      ),
    ),
    tags.map((tag) =>
      el(
        'section',
        { class: 'api-tag', 'aria-labelledby': `tag-${tag.name}` },
        el('h2', { id: `tag-${tag.name}` }, tag.name),
        tag.description === undefined ? null : el('p', {}, codeSpans(tag.description)),
        operations
          .filter((operation) => operation.tag === tag.name)
          .map((operation) => operationMarkup(operation)),
      ),
    ),
    problem === null
      ? null
      : el(
          'section',
          { class: 'api-tag', 'aria-labelledby': PROBLEM_ID },
          el('h2', { id: PROBLEM_ID }, 'Problem details (errors)'),
          el(
            'p',
            {},
            'Every error is answered as ',
            el('code', {}, PROBLEM_TYPE),
            ' (RFC 9457) with these fields:',
          ),
          schemaMarkup(problem),
        ),
  ]
    .flat()
    .filter((part): part is MarkupElement => part !== null)
}

interface Operation {
  readonly id: string
  readonly method: string
  readonly path: string
  readonly tag: string
  readonly operation: OpenApiOperation
}

/** Every operation in the document's order, with the anchor it is linked by. */
function operationsOf(document: OpenApiDocument): Operation[] {
  const operations: Operation[] = []
  for (const [path, methods] of Object.entries(document.paths)) {
    for (const method of METHODS) {
      const operation = methods[method]
      if (operation === undefined) continue
      operations.push({
        id: `operation-${operation.operationId ?? `${method}-${path}`.replace(/[^A-Za-z0-9-]/g, '-')}`,
        method,
        path,
        tag: operation.tags?.[0] ?? 'other',
        operation,
      })
    }
  }
  return operations
}

function operationMarkup({ id, method, path, operation }: Operation): MarkupElement {
  const parameters = operation.parameters ?? []
  const body = operation.requestBody?.content
  // An operation asked with nothing to fill in can be opened as it is.
  const tryHref =
    method === 'get' && !path.includes('{') && !parameters.some((parameter) => parameter.required)
      ? path
      : null
  return el(
    'section',
    { class: 'api-operation', 'aria-labelledby': id },
    el(
      'h3',
      { id },
      el('span', { class: `http-method method-${method}` }, method.toUpperCase()),
      ' ',
      el('code', {}, path),
      operation.summary === undefined
        ? null
        : el('span', { class: 'block operation-summary' }, operation.summary),
    ),
    operation.description === undefined ? null : el('p', {}, codeSpans(operation.description)),
    tryHref === null
      ? null
      : el('p', {}, el('a', { href: tryHref }, `Open ${path}`), ' to see its answer.'),
    parameters.length === 0
      ? null
      : [
          el('h4', {}, 'Parameters'),
          el(
            'ul',
            { class: 'schema-fields' },
            parameters.map((parameter) =>
              el(
                'li',
                {},
                el('code', { class: 'field-name' }, parameter.name),
                ' ',
                el('span', { class: 'muted' }, `in ${parameter.in}`),
                ' ',
                el(
                  'span',
                  { class: 'schema-type' },
                  parameter.schema === undefined ? 'any value' : typeText(parameter.schema),
                ),
                parameter.required === true
                  ? [' ', el('span', { class: 'required' }, 'required')]
                  : null,
                parameter.description === undefined
                  ? null
                  : el('span', { class: 'block' }, codeSpans(parameter.description)),
                parameter.schema === undefined || rulesText(parameter.schema).length === 0
                  ? null
                  : el('span', { class: 'block muted' }, rulesText(parameter.schema).join('; ')),
              ),
            ),
          ),
        ],
    body === undefined
      ? null
      : [
          el('h4', {}, 'Request body'),
          Object.entries(body).map(([type, media]) =>
            el(
              'div',
              { class: 'media-type' },
              el(
                'p',
                {},
                el('code', {}, type),
                operation.requestBody?.required ? ' (required)' : '',
              ),
              media.schema === undefined
                ? null
                : [schemaMarkup(media.schema), examples(media.schema)],
            ),
          ),
        ],
    el('h4', {}, 'Answers'),
    el(
      'ul',
      { class: 'api-responses' },
      Object.entries(operation.responses ?? {}).map(([status, response]) =>
        el(
          'li',
          {},
          el('strong', {}, status),
          response.description === undefined ? null : [': ', codeSpans(response.description)],
          Object.entries(response.content ?? {}).map(([type, media]) =>
            type === PROBLEM_TYPE
              ? el(
                  'span',
                  { class: 'block muted' },
                  el('code', {}, type),
                  ': ',
                  el('a', { href: `#${PROBLEM_ID}` }, 'problem details'),
                )
              : el(
                  'details',
                  { class: 'api-schema' },
                  el(
                    'summary',
                    {},
                    el('code', {}, type),
                    media.schema === undefined ? '' : `: ${typeText(media.schema)}`,
                  ),
                  media.schema === undefined
                    ? null
                    : [describeSchema(media.schema), schemaMarkup(media.schema)],
                ),
          ),
        ),
      ),
    ),
  )
}

function describeSchema(schema: JsonSchema): MarkupElement | null {
  return schema.description === undefined ? null : el('p', {}, codeSpans(schema.description))
}

/** A schema's examples, as JSON. */
function examples(schema: JsonSchema): MarkupElement[] {
  const found: unknown[] = [...(schema.examples ?? [])]
  for (const field of Object.values(schema.properties ?? {})) {
    if (field.examples !== undefined && found.length === 0) {
      // A body's example, from its fields' first examples.
      const body: Record<string, unknown> = {}
      for (const [name, value] of Object.entries(schema.properties ?? {})) {
        if (value.examples?.[0] !== undefined) body[name] = value.examples[0]
      }
      found.push(body)
    }
  }
  return found.map((example) =>
    el(
      'div',
      { class: 'api-example' },
      el('p', { class: 'muted' }, 'For example:'),
      el('pre', {}, el('code', {}, JSON.stringify(example, null, 2))),
    ),
  )
}

/** The problem details schema, from the first error answer that has it. */
function problemSchema(operations: readonly Operation[]): JsonSchema | null {
  for (const { operation } of operations) {
    for (const response of Object.values(operation.responses ?? {})) {
      const schema = response.content?.[PROBLEM_TYPE]?.schema
      if (schema !== undefined) return schema
    }
  }
  return null
}
