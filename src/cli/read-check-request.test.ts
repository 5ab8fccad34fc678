import assert from 'node:assert/strict'
import { test } from 'node:test'
import { CliError } from './cli-error.ts'
import { parseDependencyPair, readCheckRequest } from './read-check-request.ts'

test('parseDependencyPair splits at the first "=" only', () => {
  // argument, key, value
  const cases: [string, string, string][] = [
    ['python=3.12', 'python', '3.12'],
    ['python=3.12=x', 'python', '3.12=x'],
    ['node=>=20', 'node', '>=20'],
    ['__proto__=1', '__proto__', '1'],
  ]
  for (const [argument, key, value] of cases) {
    assert.deepEqual(parseDependencyPair(argument), [key, value])
  }
})

test('parseDependencyPair: no "=", empty key or empty value is a usage error', () => {
  for (const argument of ['python', '=3.12', 'python=', '=']) {
    assert.throws(() => parseDependencyPair(argument), CliError, argument)
  }
})

test('readCheckRequest keeps the order given, integer-like keys included', () => {
  const request = readCheckRequest('demo', '2.0', ['zlib=1', '10=2', 'python=3'])
  assert.deepEqual(request.dependencies, [
    ['zlib', '1'],
    ['10', '2'],
    ['python', '3'],
  ])
})

test('readCheckRequest: "__proto__" is an ordinary key', () => {
  const request = readCheckRequest('demo', '2.0', ['__proto__=1', 'constructor=2'])
  assert.deepEqual(request.dependencies, [
    ['__proto__', '1'],
    ['constructor', '2'],
  ])
})

test('readCheckRequest applies the API value rules to every value', () => {
  // project, version, pairs, message
  const cases: [string, string, string[], RegExp][] = [
    ['demo', '2.0', ['python=1', 'python=2'], /'python' is given more than once/],
    ['demo', 'v'.repeat(129), ['python=1'], /--version must be at most 128 characters/],
    ['demo', '2.0\n', ['python=1'], /--version must not contain control characters/],
    ['demo', '2.0', ['py\u0085=1'], /key "py\u0085" must not contain control characters/],
  ]
  for (const [project, version, pairs, message] of cases) {
    assert.throws(() => readCheckRequest(project, version, pairs), message)
  }
})
