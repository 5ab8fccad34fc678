import assert from 'node:assert/strict'
import { test } from 'node:test'
import fc from 'fast-check'
import { integerRangePattern } from './integer-range-pattern.ts'

test('integer range patterns match exactly the integers of the range', () => {
  fc.assert(
    fc.property(
      fc.integer({ min: 0, max: 3000 }),
      fc.option(fc.integer({ min: 0, max: 3000 }), { nil: null }),
      (min, max) => {
        fc.pre(max === null || max >= min)
        const pattern = new RegExp(`^(?:${integerRangePattern(min, max)})$`)
        for (let value = 0; value <= 12_000; value += value < 3100 ? 1 : 97) {
          const inside = value >= min && (max === null || value <= max)
          assert.equal(
            pattern.test(String(value)),
            inside,
            `${value} in [${min}, ${max}] by ${pattern}`,
          )
        }
        assert.equal(pattern.test('01'), false, 'no leading zeros')
      },
    ),
    { numRuns: 150 },
  )
})

// [min, max, pattern]
const CASES: readonly (readonly [number, number | null, string])[] = [
  [3, 12, '[3-9]|1[0-2]'],
  [0, 9, '[0-9]'],
  [5, null, '[5-9]|[1-9]\\d{1,}'],
  [10, 10, '10'],
]

for (const [min, max, pattern] of CASES) {
  test(`integerRangePattern(${min}, ${max}) is ${pattern}`, () => {
    assert.equal(integerRangePattern(min, max), pattern)
  })
}
