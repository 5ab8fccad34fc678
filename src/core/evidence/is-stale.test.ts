import assert from 'node:assert/strict'
import { test } from 'node:test'
import { evidenceAgeDays, isStale } from './is-stale.ts'

// [lastVerified, today, afterDays, stale, rule]
const CASES: ReadonlyArray<[string | null, string, number | undefined, boolean, string]> = [
  ['2026-11-23', '2026-11-23', undefined, false, 'verified today is fresh'],
  ['2025-11-23', '2026-11-23', undefined, false, 'exactly 365 days is still fresh'],
  ['2025-11-22', '2026-11-23', undefined, true, '366 days is stale'],
  ['2024-02-29', '2025-02-28', undefined, false, 'a leap day counts as a day'],
  [null, '2026-11-23', undefined, true, 'never verified is stale, whatever the confidence'],
  ['not-a-date', '2026-11-23', undefined, true, 'an unreadable date is treated as never verified'],
  ['2026-06-01', '2026-11-23', 90, true, 'a stricter threshold'],
  ['2026-11-01', '2026-11-23', 90, false, 'within a stricter threshold'],
]

for (const [lastVerified, today, afterDays, stale, rule] of CASES) {
  test(`isStale: ${rule}`, () => {
    assert.equal(isStale(lastVerified, today, afterDays), stale)
  })
}

test('evidenceAgeDays counts whole days, null when never verified', () => {
  assert.equal(evidenceAgeDays('2026-01-10', '2026-11-23'), 317)
  assert.equal(evidenceAgeDays(null, '2026-11-23'), null)
})
