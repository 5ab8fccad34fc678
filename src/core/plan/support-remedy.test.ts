import assert from 'node:assert/strict'
import { test } from 'node:test'
import type { Lifecycle } from '../dataset/schema.ts'
import { supportRemedy } from './support-remedy.ts'

// Lines released a year apart, each supported fourteen months; 4.0 released in 2027.
const LIFECYCLE: Lifecycle = {
  confidence: 'high',
  lastVerified: '2026-12-01',
  sources: [],
  lines: {
    '1.0': { released: '2024-01-01', supportUntil: '2025-02-28' },
    '2.0': { released: '2025-01-01', supportUntil: '2026-02-28' },
    '3.0': { released: '2026-01-01', supportUntil: '2027-02-28' },
    '4.0': { released: '2027-01-01', supportUntil: null },
  },
}

// [versions it may end at, day, target name or null, the remedy]
const CASES: readonly (readonly [string[], string, string | null, string | null])[] = [
  [
    ['1.0'],
    '2026-06-30',
    'app',
    'the nearest day that works for it is 2025-02-28 (the 1.0 line’s last supported day); target app 3.0 instead to be supported on 2026-06-30',
  ],
  // Not a target: only the day.
  [
    ['1.0', '2.0'],
    '2026-06-30',
    null,
    'the nearest day that works for it is 2026-02-28 (the 2.0 line’s last supported day)',
  ],
  // Not released yet on the day: the day it is; a target falls back to the newest line below.
  [
    ['4.0'],
    '2026-12-20',
    'app',
    'the nearest day that works for it is 2027-01-01 (the day the 4.0 line is released); target app 3.0 instead to be supported on 2026-12-20',
  ],
  // The nearer of an end passed and a release to come.
  [
    ['2.0', '4.0'],
    '2026-03-05',
    null,
    'the nearest day that works for it is 2026-02-28 (the 2.0 line’s last supported day)',
  ],
  // A version no line covers, on a day no line is supported: nothing to offer.
  [['9.0'], '2023-06-01', 'app', null],
]

for (const [versions, day, target, expected] of CASES) {
  test(`supportRemedy ${versions.join(',')} on ${day}${target === null ? '' : ' (target)'}`, () => {
    assert.equal(supportRemedy(LIFECYCLE, versions, day, target), expected)
  })
}
