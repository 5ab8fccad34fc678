import assert from 'node:assert/strict'
import { test } from 'node:test'
import type { Lifecycle } from '../dataset/schema.ts'
import { oldestAdmittedLine } from './oldest-admitted-line.ts'

const line = (released: string) => ({ released, supportUntil: null })
const NODE: Lifecycle = {
  confidence: 'high',
  lastVerified: '2026-11-28',
  sources: [],
  lines: {
    '14': line('2020-04-21'),
    '16': line('2021-04-20'),
    '18': line('2022-04-19'),
    '20': line('2023-04-18'),
    '22': line('2024-04-24'),
  },
}
const PYTHON: Lifecycle = {
  ...NODE,
  lines: {
    '3.8': line('2019-10-14'),
    '3.9': line('2020-10-05'),
    '3.10': line('2021-10-04'),
    '3.11': line('2022-10-24'),
  },
}

// [lifecycle, ranges (compat's grammar), the oldest line admitted (null: none)]
const CASES: readonly (readonly [Lifecycle, readonly string[], string | null])[] = [
  [NODE, ['>=16'], '16'],
  [NODE, ['>=16.14.0'], '16'],
  [NODE, ['>16'], '16'],
  [NODE, ['>=17'], '18'],
  [NODE, ['<18'], '14'],
  [NODE, ['>=0'], '14'],
  [NODE, ['>=20.9.0 <21', '>=22'], '20'],
  [NODE, ['22', '20'], '20'],
  [NODE, ['>=23'], null],
  [NODE, ['not a range'], null],
  [PYTHON, ['>=3.9'], '3.9'],
  [PYTHON, ['>=3.8.5 <4'], '3.8'],
  [PYTHON, ['>=3.10 <4'], '3.10'],
  [PYTHON, ['<3.9'], '3.8'],
  [PYTHON, ['<=3.9'], '3.8'],
  [PYTHON, ['>3.8.99'], '3.8'],
  [PYTHON, ['3'], '3.8'],
  [PYTHON, ['3.10.4'], '3.10'],
  [PYTHON, ['>=3.12'], null],
]

for (const [lifecycle, ranges, expected] of CASES) {
  test(`${JSON.stringify(ranges)} admits ${expected ?? 'no line'} first`, () => {
    assert.equal(oldestAdmittedLine(lifecycle, ranges)?.key ?? null, expected)
  })
}
