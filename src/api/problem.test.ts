import assert from 'node:assert/strict'
import { STATUS_CODES } from 'node:http'
import { test } from 'node:test'
import { problem } from './problem.ts'

test('problem details: about:blank, the status phrase as title, the status repeated', () => {
  assert.deepEqual(problem(404, 'No project "x" is known.'), {
    type: 'about:blank',
    title: 'Not Found',
    status: 404,
    detail: 'No project "x" is known.',
  })
})

test('errors appear only when there are any', () => {
  assert.equal('errors' in problem(400, 'Bad.', []), false)
  const error = { name: 'version', in: 'query', reason: 'must not be empty' } as const
  assert.deepEqual(problem(400, 'Bad.', [error]).errors, [error])
})

for (const status of [400, 404, 405, 408, 413, 414, 415, 431, 500, 503]) {
  test(`the title of ${status} is the HTTP status phrase`, () => {
    assert.equal(problem(status, 'x').title, STATUS_CODES[status])
  })
}
