import { test } from 'node:test'
import {
  assertRuleCase,
  documentWith,
  ENTRY,
  entry,
  type RuleCase,
} from '../../../../test/support/document-builders.ts'
import { calendarDates } from './calendar-dates.ts'

// [document, path of the fault (null: valid), part of its message]
const CASES: readonly RuleCase[] = [
  [documentWith(), null, ''],
  [documentWith({ python: entry({ lastVerified: '2024-02-29' }) }), null, ''],
  [
    documentWith({ python: entry({ lastVerified: '2026-02-30' }) }),
    `${ENTRY}.lastVerified`,
    'not a calendar date',
  ],
  [
    documentWith({
      python: entry({
        sources: [{ title: 'x', url: 'https://example.org', accessedAt: '2026-13-01' }],
      }),
    }),
    `${ENTRY}.sources[0].accessedAt`,
    'not a calendar date',
  ],
]

for (const row of CASES) {
  test(`calendar-dates: ${row[1] === null ? 'accepts' : `${row[1]} ${row[2]}`}`, () =>
    assertRuleCase(calendarDates, row))
}
