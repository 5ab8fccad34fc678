import assert from 'node:assert/strict'
import { test } from 'node:test'
import fc from 'fast-check'
import { editDistance, NameList, nearestNames, quotedAlternatives } from './nearest-names.ts'

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

test('nearestNames suggests exactly the names within the allowed slips (its quick filters drop none)', () => {
  const name = fc.stringMatching(/^[a-z0-9-]{1,14}$/)
  fc.assert(
    fc.property(name, name, (asked, known) => {
      fc.pre(asked !== known)
      const loose = (text: string) => text.replace(/-/g, '')
      const a = loose(asked)
      const b = loose(known)
      fc.pre(a !== '')
      const allowed = a.length < 8 ? 1 : a.length < 12 ? 2 : 3
      const near =
        a === b ||
        (a.length >= 3 && known.includes('-') && known.split('-').includes(a)) ||
        editDistance(a, b, 64) <= allowed
      assert.equal(nearestNames(asked, [known]).length, near ? 1 : 0)
    }),
    { numRuns: 2000 },
  )
})

/** Every known name scored one by one, as the list's indexes must agree with. */
function nearestOneByOne(asked: string, known: readonly string[]): string[] {
  const loose = (text: string) => text.toLowerCase().replace(/[^a-z0-9]/g, '')
  const a = loose(asked)
  if (a === '' || asked.length > 64) return []
  const allowed = a.length < 8 ? 1 : a.length < 12 ? 2 : 3
  const scored: { name: string; score: number; order: number }[] = []
  known.forEach((name, order) => {
    if (name === asked || name.length > 64) return
    const b = loose(name)
    const words = name.toLowerCase().split(/[^a-z0-9]+/)
    const slips = editDistance(a, b, allowed)
    const score =
      a === b
        ? 0
        : a.length >= 3 && words.length > 1 && words.includes(a)
          ? 1
          : slips <= allowed
            ? 1 + slips
            : null
    if (score !== null) scored.push({ name, score, order })
  })
  scored.sort((x, y) => x.score - y.score || x.order - y.order)
  return [...new Set(scored.map((entry) => entry.name))].slice(0, 3)
}

test('NameList: among many names, the same nearest as scoring each name one by one', () => {
  const name = fc.stringMatching(/^[a-z0-9-]{1,12}$/)
  fc.assert(
    fc.property(name, fc.array(name, { maxLength: 30 }), (asked, known) => {
      assert.deepEqual(new NameList(known).nearest(asked), nearestOneByOne(asked, known))
    }),
    { numRuns: 3000 },
  )
})
