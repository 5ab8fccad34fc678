import assert from 'node:assert/strict'
import { test } from 'node:test'
import { apiDocsMain, type OpenApiDocument } from './api-docs-markup.ts'
import { renderHtml } from './render-html.ts'
import { type JsonSchema, rulesText, schemaMarkup, typeText } from './schema-markup.ts'

const PROBLEM = {
  type: 'object',
  required: ['title'],
  properties: { title: { type: 'string', description: 'The status phrase.' } },
} as const

const DOCUMENT: OpenApiDocument = {
  info: { title: 'compat', version: '0.1.0', description: 'Errors are `problem+json`.' },
  tags: [{ name: 'check', description: 'Checks.' }],
  paths: {
    '/api/v1/check': {
      get: {
        operationId: 'checkDependency',
        summary: 'Check one dependency',
        tags: ['check'],
        parameters: [
          {
            name: 'project',
            in: 'query',
            required: true,
            description: 'Project id.',
            schema: { type: 'string', minLength: 1, maxLength: 128 },
          },
        ],
        responses: {
          '200': {
            description: 'The result.',
            content: {
              'application/json': {
                schema: { type: 'object', properties: { reason: { type: 'string' } } },
              },
            },
          },
          '400': {
            description: 'Invalid.',
            content: { 'application/problem+json': { schema: PROBLEM } },
          },
        },
      },
    },
    '/api/v1/projects': {
      get: {
        operationId: 'listProjects',
        summary: 'List projects',
        tags: ['projects'],
        responses: {},
      },
    },
  },
}

test('the documentation: a contents list, each operation under its tag, errors once', () => {
  const html = renderHtml(apiDocsMain(DOCUMENT, '/api/v1/openapi.json'))
  assert.match(
    html,
    /<h1>API documentation<\/h1><p class="lead">Errors are <code>problem\+json<\/code>\.<\/p>/,
  )
  assert.match(
    html,
    /<a href="#operation-checkDependency">GET \/api\/v1\/check<\/a>: Check one dependency/,
  )
  // A tag the document does not list still gets its section.
  assert.match(html, /<h2 id="tag-projects">projects<\/h2>/)
  assert.match(
    html,
    /<h3 id="operation-checkDependency"><span class="http-method method-get">GET<\/span> <code>\/api\/v1\/check<\/code>/,
  )
  assert.match(
    html,
    /<code class="field-name">project<\/code> <span class="muted">in query<\/span> <span class="schema-type">string<\/span> <span class="required">required<\/span>/,
  )
  assert.match(html, /1 to 128 characters/)
  assert.match(
    html,
    /<code>application\/problem\+json<\/code>: <a href="#problem-details">problem details<\/a>/,
  )
  assert.equal(html.match(/The status phrase\./g)?.length, 1)
  // Asked with nothing to fill in: a link to its answer.
  assert.match(html, /<a href="\/api\/v1\/projects">Open \/api\/v1\/projects<\/a>/)
  assert.doesNotMatch(html, /Open \/api\/v1\/check/)
})

// [schema, its type in words, its rules]
const TYPES: [JsonSchema, string, string[]][] = [
  [{ type: 'string', minLength: 1, maxLength: 128 }, 'string', ['1 to 128 characters']],
  [
    { type: 'array', items: { type: 'string' }, maxItems: 3 },
    'list of string',
    ['at most 3 items'],
  ],
  [{ anyOf: [{ const: 'compatible' }, { const: 'unknown' }] }, '"compatible" or "unknown"', []],
  [
    { type: 'object', additionalProperties: { type: 'string' }, minProperties: 1 },
    'map of string',
    ['at least 1 entries'],
  ],
  [{ type: ['string', 'null'], format: 'date' }, 'string or null', ['format date']],
]

for (const [schema, type, rules] of TYPES) {
  test(`a schema reads “${type}”`, () => {
    assert.equal(typeText(schema), type)
    assert.deepEqual(rulesText(schema), rules)
  })
}

test('nested fields are nested lists; a union lists its forms', () => {
  const html = renderHtml(
    schemaMarkup({
      anyOf: [
        {
          type: 'object',
          required: ['a'],
          properties: { a: { type: 'object', properties: { b: { type: 'integer' } } } },
        },
        { type: 'object', properties: { c: { type: 'boolean' } } },
      ],
    }) ?? [],
  )
  assert.match(html, /^<ol class="schema-forms"><li><span class="muted">Form 1: <\/span>/)
  assert.match(
    html,
    /<code class="field-name">a<\/code> <span class="schema-type">object<\/span> <span class="required">required<\/span><ul class="schema-fields"><li><code class="field-name">b<\/code>/,
  )
  assert.match(html, /Form 2: /)
})
