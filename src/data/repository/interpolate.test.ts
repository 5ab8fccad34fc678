// biome-ignore-all lint/suspicious/noTemplateCurlyInString: the cases are files' own ${VARIABLES}, not templates
import assert from 'node:assert/strict'
import { test } from 'node:test'
import fc from 'fast-check'
import { interpolate } from './interpolate.ts'

const VALUES = new Map([
  ['NODE', '20.11'],
  ['EMPTY', ''],
  ['BASE', 'node:${NODE}'],
])
const lookup = (name: string) => VALUES.get(name)

// [text, what it becomes]
const CASES = [
  ['node:20', { text: 'node:20' }],
  ['node:${NODE}-alpine', { text: 'node:20.11-alpine' }],
  ['node:$NODE', { text: 'node:20.11' }],
  ['node:${MISSING:-18}', { text: 'node:18' }],
  ['node:${MISSING-18}', { text: 'node:18' }],
  ['node:${EMPTY:-18}', { text: 'node:18' }],
  ['node:${EMPTY-18}', { text: 'node:' }],
  ['node:${NODE:+set}', { text: 'node:set' }],
  ['node:${MISSING:+set}', { text: 'node:' }],
  ['node:${MISSING:-${NODE}}', { text: 'node:20.11' }],
  ['node:${MISSING:-${ALSO_MISSING}}', { unset: 'ALSO_MISSING' }],
  ['node:${MISSING}', { unset: 'MISSING' }],
  ['node:$MISSING', { unset: 'MISSING' }],
  ['node:${NODE:?must be set}', { text: 'node:20.11' }],
  ['price: $$5', { text: 'price: $5' }],
  ['node:${NODE', { unset: '${NODE' }],
] as const

for (const [text, expected] of CASES) {
  test(`'${text}' becomes ${JSON.stringify(expected)}`, () => {
    assert.deepEqual(interpolate(text, lookup), expected)
  })
}

test('defaults nested past any real file read as unset, without recursing on', () => {
  const deep = `${'${A:-'.repeat(10_000)}x${'}'.repeat(10_000)}`
  assert.ok('unset' in interpolate(deep, () => undefined))
})

test('any text interpolates to a text or an unset name, never throws', () => {
  fc.assert(
    fc.property(
      fc.string({ unit: fc.constantFrom('$', '{', '}', ':', '-', '+', 'A', 'N', 'x', ' ') }),
      (text) => {
        const result = interpolate(text, lookup)
        assert.ok('text' in result || 'unset' in result)
      },
    ),
  )
})
