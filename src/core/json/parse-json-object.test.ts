import assert from 'node:assert/strict'
import { test } from 'node:test'
import fc from 'fast-check'
import { JsonSyntaxError, parseJsonObject } from './parse-json-object.ts'

test('parses what JSON.parse parses, to equal values', () => {
  fc.assert(
    fc.property(fc.jsonValue({ maxDepth: 4 }), (value) => {
      const text = JSON.stringify(value)
      assert.deepEqual(JSON.parse(JSON.stringify(parseJsonObject(text).value)), JSON.parse(text))
    }),
  )
})

test('keeps key order as written, even for integer-like keys', () => {
  const { value, keyOrder } = parseJsonObject('{"python": "3.12", "10": "a", "2": "b"}')
  assert.deepEqual(keyOrder.get(value as object), ['python', '10', '2'])
})

test('objects have no prototype: __proto__ is an ordinary key', () => {
  const { value } = parseJsonObject('{"__proto__": "1", "constructor": "2"}')
  assert.equal(Object.getPrototypeOf(value), null)
  assert.deepEqual(Object.keys(value as object), ['__proto__', 'constructor'])
})

// [text, message fragment]
const INVALID: ReadonlyArray<[string, string]> = [
  ['', 'unexpected token'],
  ['{', 'expected'],
  ['{"a": "1", "a": "2"}', 'given twice'],
  ['{"a": 01}', 'expected'],
  ['{"a": "\u0001"}', 'control character'],
  ['{"a": "\\x"}', 'bad escape'],
  ['{"a": "\\u12"}', 'bad \\u escape'],
  ['{"a": 1,}', 'expected'],
  ['{"a": 1} x', 'unexpected text'],
  ['[1, 2', 'expected'],
  ['"unterminated', 'unterminated'],
  [`${'['.repeat(100)}${']'.repeat(100)}`, 'nesting too deep'],
]

test('rejects invalid JSON with a reason and position', () => {
  for (const [text, fragment] of INVALID) {
    assert.throws(
      () => parseJsonObject(text),
      (error: unknown) =>
        error instanceof JsonSyntaxError && error.message.includes(fragment) && error.position >= 0,
      JSON.stringify(text),
    )
  }
})
