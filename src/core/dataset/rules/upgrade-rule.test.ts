import { test } from 'node:test'
import {
  assertRuleCase,
  documentWith,
  type RuleCase,
} from '../../../../test/support/document-builders.ts'
import { calendarDates } from './calendar-dates.ts'
import { evidence } from './evidence.ts'
import type { DocumentRule } from './rule.ts'
import { upgradeRule } from './upgrade-rule.ts'

const SOURCE = { title: 'Upgrading', url: 'https://example.org/upgrade', accessedAt: '2026-11-28' }
const upgrades = (fields: Record<string, unknown>) =>
  documentWith(undefined, {
    upgrades: { confidence: 'high', lastVerified: '2026-11-28', sources: [SOURCE], ...fields },
  })

// [rule, document, path of the fault (null: valid), part of its message]
const CASES: readonly (readonly [DocumentRule, ...RuleCase])[] = [
  [upgradeRule, upgrades({ step: 'minor' }), null, ''],
  [upgradeRule, upgrades({ stops: ['16.3', '16.7', '17.1'] }), null, ''],
  [upgradeRule, upgrades({ step: 'major', stops: ['30'] }), null, ''],
  [upgradeRule, upgrades({}), 'upgrades', 'needs a step, stops, or both'],
  [
    upgradeRule,
    upgrades({ stops: ['16.x'] }),
    'upgrades.stops[0]',
    "stop '16.x' is not a release line",
  ],
  [upgradeRule, upgrades({ stops: ['16.3', 'v16.3'] }), 'upgrades.stops[1]', "repeats '16.3'"],
  [
    evidence,
    upgrades({ step: 'minor', sources: [] }),
    'upgrades.sources',
    'high confidence needs at least one source',
  ],
  [
    evidence,
    upgrades({ step: 'minor', lastVerified: null }),
    'upgrades.lastVerified',
    'needs a lastVerified',
  ],
  [
    calendarDates,
    upgrades({ step: 'minor', lastVerified: '2026-02-29' }),
    'upgrades.lastVerified',
    'is not a calendar date',
  ],
]

for (const [rule, ...row] of CASES) {
  test(`upgrades: ${row[1] === null ? 'accepts' : `${row[1]} ${row[2]}`}`, () =>
    assertRuleCase(rule, row))
}
