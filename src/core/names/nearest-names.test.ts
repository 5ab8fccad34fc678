import assert from 'node:assert/strict'
import { test } from 'node:test'
import fc from 'fast-check'
import { editDistance, nearestNames, quotedAlternatives } from './nearest-names.ts'

const KNOWN = [
  'django',
  'flask',
  'apache-airflow',
  'postgresql',
  'cloudnative-pg',
  'kubernetes',
  'mysql',
  'mariadb',
]

// [asked, suggested]
const CASES: readonly (readonly [string, readonly string[]])[] = [
  ['djngo', ['django']],
  ['dajngo', ['django']],
  ['airflow', ['apache-airflow']],
  ['postgres', ['postgresql']],
  ['CloudNativePG', ['cloudnative-pg']],
  ['kubernets', ['kubernetes']],
  ['mysq', ['mysql']],
  ['redis', []],
  ['pg', []],
  ['', []],
  ['---', []],
  ['django', []],
  ['x'.repeat(200), []],
]

for (const [asked, suggested] of CASES) {
  test(`nearestNames: '${asked.slice(0, 20)}' → ${JSON.stringify(suggested)}`, () => {
    assert.deepEqual(nearestNames(asked, KNOWN), suggested)
  })
}

test('nearestNames: at most three, the same loose name first, then whole words, then slips', () => {
  assert.deepEqual(nearestNames('abc', ['abd', 'abc-x', 'xbc', 'abe', 'ABC']), [
    'ABC',
    'abc-x',
    'abd',
  ])
})

// [a, b, distance]
const DISTANCES: readonly (readonly [string, string, number])[] = [
  ['', '', 0],
  ['abc', 'abc', 0],
  ['abc', 'acb', 1],
  ['kitten', 'sitting', 3],
  ['djngo', 'django', 1],
  ['postgres', 'postgresql', 2],
]

for (const [a, b, distance] of DISTANCES) {
  test(`editDistance('${a}', '${b}') = ${distance}`, () => {
    assert.equal(editDistance(a, b, 10), distance)
  })
}

test('editDistance is symmetric and stops past its limit', () => {
  fc.assert(
    fc.property(fc.string({ maxLength: 12 }), fc.string({ maxLength: 12 }), (a, b) => {
      const full = editDistance(a, b, 24)
      assert.equal(editDistance(b, a, 24), full)
      assert.equal(editDistance(a, b, 2), Math.min(full, 3))
    }),
  )
})

test('quotedAlternatives', () => {
  assert.equal(quotedAlternatives([]), '')
  assert.equal(quotedAlternatives(['a']), '"a"')
  assert.equal(quotedAlternatives(['a', 'b', 'c']), '"a", "b" or "c"')
})
