import assert from 'node:assert/strict'
import { test } from 'node:test'
import { daysBetween, supportStatus } from './support-status.ts'

const LINE = {
  released: '2025-08-27',
  activeSupportUntil: '2026-08-27',
  supportUntil: '2026-10-27',
}

// [line, day, status, daysLeft]
const CASES = [
  [LINE, '2025-08-26', 'unreleased', 427],
  [LINE, '2025-08-27', 'supported', 426],
  [LINE, '2026-08-27', 'supported', 61],
  [LINE, '2026-08-28', 'security-only', 60],
  [LINE, '2026-10-27', 'security-only', 0],
  [LINE, '2026-10-28', 'end-of-life', null],
  [{ released: '2020-12-08', supportUntil: true }, '2026-11-28', 'end-of-life', null],
  [{ released: '2025-01-01', supportUntil: null }, '2026-11-28', 'supported', null],
  [
    { released: '2025-01-01', activeSupportUntil: true, supportUntil: null },
    '2026-11-28',
    'security-only',
    null,
  ],
  [
    { released: '2025-01-01', activeSupportUntil: null, supportUntil: '2027-01-01' },
    '2026-12-31',
    'supported',
    1,
  ],
] as const

for (const [line, day, status, daysLeft] of CASES) {
  test(`supportStatus on ${day} of ${JSON.stringify(line)}: ${status}, ${daysLeft} days left`, () =>
    assert.deepEqual(supportStatus(line, day), { status, daysLeft }))
}

test('daysBetween counts whole days across month, year and leap-day ends', () => {
  assert.equal(daysBetween('2026-11-28', '2026-11-28'), 0)
  assert.equal(daysBetween('2027-12-31', '2028-03-01'), 61)
  assert.equal(daysBetween('2026-03-28', '2026-03-30'), 2)
})
