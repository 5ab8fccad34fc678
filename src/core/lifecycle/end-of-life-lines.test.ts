import assert from 'node:assert/strict'
import { test } from 'node:test'
import type { Lifecycle } from '../dataset/schema.ts'
import { endOfLifeLines } from './end-of-life-lines.ts'

// The fixture platform's windows (test/fixtures/data/platform.yaml), with a 1.36 not out yet.
const LIFECYCLE: Lifecycle = {
  confidence: 'high',
  lastVerified: '2026-10-01',
  sources: [],
  lines: {
    '1.36': { released: '2027-04-01', supportUntil: null },
    '1.35': {
      released: '2025-12-17',
      activeSupportUntil: '2026-12-28',
      supportUntil: '2027-02-28',
    },
    '1.34': {
      released: '2025-08-27',
      activeSupportUntil: '2026-08-27',
      supportUntil: '2026-10-27',
    },
    '1.33': { released: '2025-04-23', supportUntil: '2026-06-28' },
    '1.20': { released: '2020-12-08', supportUntil: true, lts: true },
  },
}

// [documented keys, day, found as "line→newer supported lines" (status s: security fixes only)]
const CASES = [
  [['1.34', '1.33'], '2026-07-01', ['1.33→1.34']],
  [['1.34', '1.33'], '2026-09-01', ['1.33→1.34s']],
  [['1.34', '1.33'], '2026-11-28', []],
  [['1.34', '1.33'], '2026-06-28', []],
  [['1.35', '1.34', '1.33'], '2026-11-28', ['1.34→1.35', '1.33→1.35']],
  [['1.35', '1.34.2', '1.34', '1.33.1'], '2026-11-28', ['1.34→1.35', '1.33→1.35']],
  [['1.35', '1.20'], '2026-11-28', ['1.20→1.35']],
  [['1.36', '1.34'], '2026-11-28', []],
  [['1.35', '1.2', '0.9'], '2026-11-28', []],
  [[], '2026-11-28', []],
] as const

for (const [keys, day, found] of CASES) {
  test(`documented ${keys.join(', ') || 'nothing'} on ${day}: ${found.join(', ') || 'no end-of-life line with a newer supported one'}`, () => {
    const lines = endOfLifeLines(LIFECYCLE, keys, day)
    assert.deepEqual(
      lines.map(
        (line) =>
          `${line.line}→${line.newerSupported
            .map((newer) => `${newer.line}${newer.status === 'security-only' ? 's' : ''}`)
            .join('+')}`,
      ),
      found,
    )
  })
}

test('an end-of-life line carries its last day (true when not published) and its successors’', () => {
  assert.deepEqual(endOfLifeLines(LIFECYCLE, ['1.35', '1.33', '1.20'], '2026-11-28'), [
    {
      line: '1.33',
      supportUntil: '2026-06-28',
      newerSupported: [{ line: '1.35', status: 'supported', supportUntil: '2027-02-28' }],
    },
    {
      line: '1.20',
      supportUntil: true,
      newerSupported: [{ line: '1.35', status: 'supported', supportUntil: '2027-02-28' }],
    },
  ])
})
