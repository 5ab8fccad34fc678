import assert from 'node:assert/strict'
import { test } from 'node:test'
import fc from 'fast-check'
import { rangeText, release } from '../../../test/support/range-arbitraries.ts'
import { matchRange } from './match-range.ts'
import { parseRange } from './parse-range.ts'
import { parseVersion } from './parse-version.ts'
import { intervalContains, rangeIntervals } from './range-intervals.ts'

// Columns: the range, the intervals as text (`[` `(` inclusive or not, `-` an open end).
const CASES: readonly (readonly [string, string])[] = [
  ['3.11', '[3.11, 3.12)'],
  ['3.13.0rc1', '[3.13.0rc1, 3.13.0rc1]'],
  ['>=20 !=21.0.0 <23', '[20, 21.0.0) (21.0.0, 23)'],
  ['<=3.12', '(-, 3.12]'],
  ['>3.9', '(3.9, -)'],
]

for (const [range, expected] of CASES) {
  test(`${range} is ${expected}`, () => {
    const intervals = rangeIntervals(range)
    assert.ok(intervals)
    const text = intervals.map(({ lower, upper }) =>
      [
        lower === null ? '(-' : `${lower.inclusive ? '[' : '('}${lower.version.raw}`,
        upper === null ? '-)' : `${upper.version.raw}${upper.inclusive ? ']' : ')'}`,
      ].join(', '),
    )
    assert.equal(text.join(' '), expected)
  })
}

test('text that is no range has no intervals', () => assert.equal(rangeIntervals('<x>'), null))

test('a range’s intervals hold exactly the final releases the core matches', () => {
  const version = fc.oneof(
    release,
    release.map((text) => `${text}.post1`),
    release.map((text) => `${text}.9`),
  )
  fc.assert(
    fc.property(rangeText, fc.array(version, { minLength: 1, maxLength: 8 }), (text, samples) => {
      const parsed = parseRange(text)
      assert.ok('range' in parsed)
      const intervals = rangeIntervals(text)
      assert.ok(intervals)
      for (const sample of samples) {
        const parsedSample = parseVersion(sample)
        assert.ok(parsedSample)
        const matched: boolean = matchRange(parsed.range, parsedSample) === 'match'
        const inside: boolean = intervals.some((interval) =>
          intervalContains(interval, parsedSample),
        )
        assert.equal(inside, matched, `${sample} in ${text}`)
      }
    }),
    { numRuns: 500 },
  )
})
