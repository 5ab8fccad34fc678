import assert from 'node:assert/strict'
import { test } from 'node:test'
import { SUPPORT_COLORS, supportMessage } from './support-badge.ts'

// [status, supportUntil, message, colour]
const CASES = [
  ['supported', '2027-02-28', 'supported until 2027-02-28', '#2e7d32'],
  ['supported', null, 'supported', '#2e7d32'],
  ['security-only', '2026-10-27', 'security fixes until 2026-10-27', '#9a6700'],
  ['security-only', null, 'security fixes', '#9a6700'],
  ['end-of-life', '2026-10-27', 'end of life since 2026-10-27', '#c62828'],
  ['end-of-life', true, 'end of life', '#c62828'],
  ['unreleased', '2027-01-01', 'unreleased', '#6b6b6b'],
  ['unknown', null, 'unknown', '#6b6b6b'],
] as const

for (const [status, supportUntil, message, color] of CASES) {
  test(`support badge: ${status} until ${supportUntil} reads '${message}' on ${color}`, () => {
    assert.equal(supportMessage({ status, supportUntil }), message)
    assert.equal(SUPPORT_COLORS[status], color)
  })
}
