import assert from 'node:assert/strict'
import { test } from 'node:test'
import { type SchemaError, toParameterErrors } from './parameter-errors.ts'
import { validateCheckBody, validatePlanBody } from './request-validator.ts'

const valid = { project: 'django', version: '5.1', dependencies: { python: '3.12' } }

// [body, the errors named, in words]
const CASES: ReadonlyArray<[unknown, string[]]> = [
  [{ ...valid, project: '' }, ['project must not be empty']],
  [{ ...valid, project: 'x'.repeat(129) }, ['project must be at most 128 characters']],
  [{ ...valid, version: 'a\u0000b' }, ['version must not contain control characters']],
  [{ ...valid, version: 5 }, ['version must be a string']],
  [{ ...valid, version: ['5.1', '5.2'] }, ['version must be a string']],
  [{ project: 'django', dependencies: { python: '3' } }, ['version is required']],
  [{ ...valid, extra: 1 }, ['extra is not a parameter of this request']],
  [{ ...valid, dependencies: {} }, ['dependencies must hold 1 to 32 dependencies']],
  [
    {
      ...valid,
      dependencies: Object.fromEntries(Array.from({ length: 33 }, (_, i) => [`d${i}`, '1'])),
    },
    ['dependencies must hold 1 to 32 dependencies'],
  ],
  [
    { ...valid, dependencies: ['python'] },
    ['dependencies must be a JSON object of dependency keys to version strings'],
  ],
  [
    { ...valid, dependencies: { python: '' } },
    ['dependencies value of "python" must not be empty'],
  ],
  [{ ...valid, dependencies: { '': '3' } }, ['dependencies key "" must not be empty']],
  [[1], ['body must be a JSON object']],
]

for (const [body, expected] of CASES) {
  test(`${JSON.stringify(body).slice(0, 60)}: ${expected.join('; ')}`, () => {
    assert.equal(validateCheckBody(body), false)
    const errors = toParameterErrors(validateCheckBody.errors as SchemaError[], 'body', body)
    assert.deepEqual(
      errors.map((error) => `${error.name} ${error.reason}`),
      expected,
    )
    assert.ok(errors.every((error) => error.in === 'body'))
  })
}

test('in a query, a value given twice arrives as an array and is named so', () => {
  const query = { ...valid, version: ['5.1', '5.2'] }
  assert.equal(validateCheckBody(query), false)
  const errors = toParameterErrors(validateCheckBody.errors as SchemaError[], 'query', query)
  assert.deepEqual(errors, [{ name: 'version', in: 'query', reason: 'is given more than once' }])
})

// [plan body, the errors named, in words]: a field of another type names its type.
const PLAN_CASES: ReadonlyArray<[unknown, string[]]> = [
  [
    { components: { a: '1' }, target: { a: '2' }, path: 'true' },
    ['path must be a boolean (true or false)'],
  ],
  [
    { components: { a: '1' }, target: { a: '2' }, path: 1 },
    ['path must be a boolean (true or false)'],
  ],
]

for (const [body, expected] of PLAN_CASES) {
  test(`plan ${JSON.stringify(body)}: ${expected.join('; ')}`, () => {
    assert.equal(validatePlanBody(body), false)
    const errors = toParameterErrors(validatePlanBody.errors as SchemaError[], 'body', body)
    assert.deepEqual(
      errors.map((error) => `${error.name} ${error.reason}`),
      expected,
    )
  })
}
