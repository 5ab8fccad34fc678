import assert from 'node:assert/strict'
import { test } from 'node:test'
import { statusWords } from '../api/support-status-words.ts'
import { daysLeftWords, supportEndWords } from './support-words.ts'

// [status, words]
const STATUSES = [
  ['unreleased', 'not released yet'],
  ['supported', 'supported'],
  ['security-only', 'security fixes only'],
  ['end-of-life', 'end of life'],
  ['unknown', 'unknown'],
] as const

for (const [status, words] of STATUSES) {
  test(`status ${status} reads "${words}"`, () => assert.equal(statusWords(status), words))
}

// [end of support as answered, words]
const ENDS = [
  ['2026-10-27', '2026-10-27'],
  [true, 'ended (no date)'],
  [null, 'ongoing'],
] as const

for (const [end, words] of ENDS) {
  test(`support end ${JSON.stringify(end)} reads "${words}"`, () =>
    assert.equal(supportEndWords(end), words))
}

// [days left, words]
const DAYS = [
  [92, '92 days'],
  [1, '1 day'],
  [0, 'last day'],
  [null, '-'],
] as const

for (const [days, words] of DAYS) {
  test(`${days} days left reads "${words}"`, () => assert.equal(daysLeftWords(days), words))
}
