import assert from 'node:assert/strict'
import { test } from 'node:test'
import fc from 'fast-check'
import { toBase36 } from './to-base36.ts'

test('toBase36 writes what Number#toString(36) writes', () => {
  // value: the edges of the digit ranges and of 31 and 32 bits
  for (const value of [0, 1, 35, 36, 1295, 1296, 2 ** 31 - 1, 2 ** 31, 2 ** 32 - 1]) {
    assert.equal(toBase36(value), value.toString(36), String(value))
  }
  fc.assert(
    fc.property(fc.nat({ max: 2 ** 32 - 1 }), (value) => toBase36(value) === value.toString(36)),
  )
})
