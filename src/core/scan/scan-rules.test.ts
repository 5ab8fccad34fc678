import assert from 'node:assert/strict'
import { test } from 'node:test'
import { DEFAULT_FAIL_ON, SCAN_RULE_IDS, SCAN_RULES } from './scan-rules.ts'

test('the rule ids are the rules, in report order', () => {
  assert.deepEqual(
    SCAN_RULE_IDS,
    SCAN_RULES.map((rule) => rule.id),
  )
})

test('levels: error for end-of-life and incompatible, warning for security-only and ranges, note otherwise', () => {
  assert.deepEqual(Object.fromEntries(SCAN_RULES.map((rule) => [rule.id, rule.level])), {
    'end-of-life': 'error',
    incompatible: 'error',
    'security-only': 'warning',
    'range-admits-end-of-life': 'warning',
    'unknown-version': 'note',
  })
  assert.deepEqual(DEFAULT_FAIL_ON, ['end-of-life', 'incompatible'])
})
