import assert from 'node:assert/strict'
import { test } from 'node:test'
import fc from 'fast-check'
import { orderedJson } from './ordered-json.ts'

test('a Map is an object whose keys keep their order, integer-like ones too', () => {
  const versions = new Map<string, unknown>([
    ['11', { a: 1 }],
    ['10', [1, undefined]],
    ['2.0', null],
    ['skip', undefined],
  ])
  assert.equal(
    orderedJson({ id: 'x', versions, note: undefined }),
    '{"id":"x","versions":{"11":{"a":1},"10":[1,null],"2.0":null}}',
  )
})

test('without a Map, the text is JSON.stringify’s', () => {
  fc.assert(
    fc.property(fc.jsonValue(), (value) => {
      assert.equal(orderedJson(value), JSON.stringify(value))
    }),
  )
})
