import assert from 'node:assert/strict'
import { test } from 'node:test'
import type { Lifecycle } from '../dataset/schema.ts'
import { findLifecycleLine } from './find-lifecycle-line.ts'

const line = { released: '2025-01-01', supportUntil: null }
const LIFECYCLE: Lifecycle = {
  confidence: 'high',
  lastVerified: '2026-11-28',
  sources: [],
  lines: { '1': line, '1.34': line, '1.33': line, '2024.04': line },
}

// [version asked, line found (null: none)]
const CASES = [
  ['1.34.2', '1.34'],
  ['v1.34.2', '1.34'],
  ['v1.34.2-eks-1', '1.34'],
  ['1.34.2+k3s1', '1.34'],
  ['1.34', '1.34'],
  ['1.35.0', '1'],
  ['1', '1'],
  ['2024.04.1', '2024.04'],
  ['2024.05.1', null],
  ['13.1', null],
  ['not a version', null],
] as const

for (const [asked, found] of CASES) {
  test(`findLifecycleLine('${asked}') is the ${found ?? 'no'} line`, () =>
    assert.equal(findLifecycleLine(LIFECYCLE, asked)?.key ?? null, found))
}
