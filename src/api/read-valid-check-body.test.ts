import assert from 'node:assert/strict'
import { test } from 'node:test'
import fc from 'fast-check'
import { JsonSyntaxError, parseJsonObject } from '../core/json/parse-json-object.ts'
import { readCombination } from './read-combination.ts'
import { readValidCheckBody } from './read-valid-check-body.ts'
import { MAX_JSON_DEPTH } from './request-limits.ts'

/** The full way: the strict parser, then the request schema. Null when either refuses. */
function readFully(text: string): unknown {
  let parsed: ReturnType<typeof parseJsonObject>
  try {
    parsed = parseJsonObject(text, MAX_JSON_DEPTH)
  } catch (error) {
    if (error instanceof JsonSyntaxError) return null
    throw error
  }
  const value = parsed.value as { project: unknown; version: unknown; dependencies: unknown }
  const read = readCombination(value, parsed.keyOrder, 'body')
  return 'errors' in read ? null : read.request
}

const body = (dependencies: string) =>
  `{"project":"django","version":"5.2","dependencies":${dependencies}}`

// [body, read plain]
const CASES: ReadonlyArray<[string, boolean]> = [
  [body('{"python":"3.12","postgresql":"16"}'), true],
  ['{ "dependencies" : { "python" : "3.12" },\n "version" : "5.2", "project" : "django" }', true],
  [body('{"__proto__":"1","constructor":"2"}'), true],
  [body(`{${Array.from({ length: 32 }, (_, index) => `"d${index}":"1"`).join(',')}}`), true],
  [body(`{${Array.from({ length: 33 }, (_, index) => `"d${index}":"1"`).join(',')}}`), false],
  [body('{}'), false],
  [body('{"python":"3.12","python":"3.13"}'), false],
  [body('{"python":"3.12","python":"3"}').replace('"3"', '""'), false],
  [body('{"python":"3.12","pg":"1"}').replace(',"pg"', ' ,\n"pg"'), true],
  [`${body('{"python":"3.12"}').slice(0, -1)},"project":"django"}`, false],
  [body('{"10":"1","2":"1"}'), false],
  [body('{"python":"3.1\\u0032"}'), false],
  [body('{"python":"3.12\u007f"}'), false],
  [body('{"python":""}'), false],
  [body('{"":"3.12"}'), false],
  [body(`{"python":"${'1'.repeat(129)}"}`), false],
  [body('{"python":3.12}'), false],
  [body('["python"]'), false],
  ['{"project":"django","version":"5.2"}', false],
  ['{"project":"django","version":"5.2","dependencies":{"python":"3"},"extra":"1"}', false],
  ['{"project":"django","version":5.2,"dependencies":{"python":"3"}}', false],
  ['[]', false],
  ['{"project":', false],
]

for (const [text, plain] of CASES) {
  test(`readValidCheckBody(${text.slice(0, 60)}…) is ${plain ? 'read plain' : 'left to the schema'}`, () => {
    const read = readValidCheckBody(text)
    assert.equal(read !== null, plain)
    if (read !== null) assert.deepEqual(read.request, readFully(text))
  })
}

test('what it reads plain, the strict parser and the schema read the same, order included', () => {
  const text = fc.oneof(
    fc.constantFrom('python', '3.12', '10', '__proto__', 'x"y', 'é', '\u0085', ''),
    fc.string({ maxLength: 8 }),
    fc.string({ unit: 'binary', maxLength: 4 }),
    fc.string({ minLength: 127, maxLength: 130 }),
  )
  const member = fc.tuple(text, fc.oneof(text, fc.integer()))
  fc.assert(
    fc.property(
      fc.array(member, { minLength: 0, maxLength: 34 }),
      fc.oneof(text, fc.constant('django')),
      fc.boolean(),
      (members, project, reorder) => {
        const dependencies = `{${members.map(([key, value]) => `${JSON.stringify(key)}:${JSON.stringify(value)}`).join(',')}}`
        const fields = [
          `"project":${JSON.stringify(project)}`,
          '"version":"5.2"',
          `"dependencies":${dependencies}`,
        ]
        const json = `{${(reorder ? fields.reverse() : fields).join(',')}}`
        const read = readValidCheckBody(json)
        if (read !== null) assert.deepEqual(read.request, readFully(json))
      },
    ),
    { numRuns: 1000 },
  )
})

test('every usual body is read plain', () => {
  const plainValue = fc.stringMatching(/^[a-z0-9.-]{1,20}$/).filter((key) => !/^\d+$/.test(key))
  fc.assert(
    fc.property(
      fc.uniqueArray(fc.tuple(plainValue, plainValue), {
        minLength: 1,
        maxLength: 32,
        selector: ([key]) => key,
      }),
      fc.boolean(),
      (pairs, pretty) => {
        const json = pretty
          ? JSON.stringify(
              { project: 'django', version: '5.2', dependencies: Object.fromEntries(pairs) },
              null,
              2,
            )
          : body(JSON.stringify(Object.fromEntries(pairs)))
        assert.deepEqual(readValidCheckBody(json)?.request, readFully(json))
      },
    ),
  )
})
