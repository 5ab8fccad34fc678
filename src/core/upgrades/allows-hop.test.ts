import assert from 'node:assert/strict'
import { test } from 'node:test'
import type { Upgrades } from '../dataset/schema.ts'
import { parseVersion, type Version } from '../version/parse-version.ts'
import { allowsHop, describeUpgradeRule } from './allows-hop.ts'

const rule = (fields: Partial<Upgrades>): Upgrades => ({
  confidence: 'high',
  lastVerified: '2026-11-28',
  sources: [],
  ...fields,
})
const MINOR = rule({ step: 'minor' })
const MAJOR = rule({ step: 'major' })
const STOPS = rule({ stops: ['16.3', '16.7', '16.11', '17.1'] })
const v = (text: string): Version => parseVersion(text) as Version

// [rule (undefined: none), from, to, one hop?]
const CASES = [
  [MINOR, '1.31.4', '1.32', true],
  [MINOR, '1.31', '1.32', true],
  [MINOR, '1.31.4', '1.33', false],
  [MINOR, '1.31', '1.31.5', true],
  [MINOR, '1.31', '2.0', false],
  [MINOR, '1.32', '1.31', false],
  [MINOR, '1.32', '1.32', false],
  [MAJOR, '30.0.4', '31', true],
  [MAJOR, '30', '31.0.2', true],
  [MAJOR, '30', '32', false],
  [MAJOR, '30.0.1', '30.0.9', true],
  [STOPS, '16.2', '16.3', true],
  [STOPS, '16.2', '16.4', false],
  [STOPS, '16.3.5', '16.7', true],
  [STOPS, '16.3', '16.8', false],
  [STOPS, '16.11', '17.1', true],
  [STOPS, '16.10', '17.0', false],
  [undefined, '1.0', '9.9', true],
  [undefined, '2.0', '1.0', false],
] as const

for (const [upgrades, from, to, hop] of CASES) {
  test(`${upgrades === undefined ? 'no rule' : describeUpgradeRule(upgrades)}: ${from} → ${to} is ${hop ? '' : 'not '}one hop`, () =>
    assert.equal(allowsHop(upgrades, v(from), v(to)), hop))
}

test('the rule in words', () => {
  assert.equal(describeUpgradeRule(MINOR), 'one minor line at a time')
  assert.equal(
    describeUpgradeRule(rule({ step: 'major', stops: ['16.3', '16.7'] })),
    'one major version at a time; required stops at 16.3, 16.7',
  )
})
