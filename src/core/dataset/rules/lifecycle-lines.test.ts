import { test } from 'node:test'
import {
  assertRuleCase,
  documentWithLifecycle,
  lifecycle,
  type RuleCase,
} from '../../../../test/support/document-builders.ts'
import { calendarDates } from './calendar-dates.ts'
import { evidence } from './evidence.ts'
import { httpUrls } from './http-urls.ts'
import { lifecycleLinesRule } from './lifecycle-lines.ts'
import type { DocumentRule } from './rule.ts'

const LINE = 'lifecycle.lines."1.0"'
const SOURCE = { title: 'Policy', url: 'https://example.org/p', accessedAt: '2026-11-28' }

// [rule, document, path of the fault (null: valid), part of its message]
const CASES: readonly (readonly [DocumentRule, ...RuleCase])[] = [
  [lifecycleLinesRule, documentWithLifecycle(lifecycle()), null, ''],
  [
    lifecycleLinesRule,
    documentWithLifecycle(
      lifecycle({
        '1.0': { released: '2025-01-10', supportUntil: null, activeSupportUntil: true },
      }),
    ),
    null,
    '',
  ],
  [
    lifecycleLinesRule,
    documentWithLifecycle(lifecycle(undefined, { undatedLines: ['1.1', '2'] })),
    null,
    '',
  ],
  [
    lifecycleLinesRule,
    documentWithLifecycle(lifecycle(undefined, { undatedLines: ['1.1', 'v1.1'] })),
    'lifecycle.undatedLines[1]',
    "repeats '1.1'",
  ],
  [
    lifecycleLinesRule,
    documentWithLifecycle(lifecycle(undefined, { undatedLines: ['1.0'] })),
    'lifecycle.undatedLines[0]',
    'has its dates under lines',
  ],
  [
    lifecycleLinesRule,
    documentWithLifecycle(lifecycle(undefined, { undatedLines: ['next'] })),
    'lifecycle.undatedLines[0]',
    'is not a version',
  ],
  [
    lifecycleLinesRule,
    documentWithLifecycle(lifecycle({ 'one.x': { released: '2025-01-10', supportUntil: null } })),
    'lifecycle.lines."one.x"',
    'is not a version',
  ],
  [
    lifecycleLinesRule,
    documentWithLifecycle(
      lifecycle({ '1.0-alpine': { released: '2025-01-10', supportUntil: null } }),
    ),
    'lifecycle.lines."1.0-alpine"',
    'is not a version',
  ],
  [
    lifecycleLinesRule,
    documentWithLifecycle(
      lifecycle({
        '1.0': { released: '2025-01-10', supportUntil: null },
        'v1.0': { released: '2025-01-10', supportUntil: null },
      }),
    ),
    'lifecycle.lines."v1.0"',
    "duplicates '1.0'",
  ],
  [
    lifecycleLinesRule,
    documentWithLifecycle(
      lifecycle({ '1.0': { released: '2025-01-10', supportUntil: '2024-12-31' } }),
    ),
    `${LINE}.supportUntil`,
    'is before the line was released (2025-01-10)',
  ],
  [
    lifecycleLinesRule,
    documentWithLifecycle(
      lifecycle({
        '1.0': { released: '2025-01-10', supportUntil: null, activeSupportUntil: '2025-01-09' },
      }),
    ),
    `${LINE}.activeSupportUntil`,
    'is before the line was released',
  ],
  [
    calendarDates,
    documentWithLifecycle(lifecycle({ '1.0': { released: '2025-02-30', supportUntil: null } })),
    `${LINE}.released`,
    "'2025-02-30' is not a calendar date",
  ],
  [
    calendarDates,
    documentWithLifecycle(
      lifecycle({ '1.0': { released: '2025-01-10', supportUntil: '2026-13-01' } }),
    ),
    `${LINE}.supportUntil`,
    'is not a calendar date',
  ],
  [
    calendarDates,
    documentWithLifecycle(lifecycle(undefined, { lastVerified: '2026-11-31' })),
    'lifecycle.lastVerified',
    'is not a calendar date',
  ],
  [
    evidence,
    documentWithLifecycle(lifecycle(undefined, { sources: [] })),
    'lifecycle.sources',
    'high confidence needs at least one source',
  ],
  [
    evidence,
    documentWithLifecycle(
      lifecycle(
        { '1.0': { released: '2025-01-10', supportUntil: null, sources: [SOURCE] } },
        {
          sources: [],
        },
      ),
    ),
    null,
    '',
  ],
  [
    evidence,
    documentWithLifecycle(lifecycle(undefined, { lastVerified: null })),
    'lifecycle.lastVerified',
    'high confidence needs a lastVerified date',
  ],
  [
    httpUrls,
    documentWithLifecycle(
      lifecycle({
        '1.0': {
          released: '2025-01-10',
          supportUntil: null,
          sources: [{ ...SOURCE, url: 'https://exa mple.org' }],
        },
      }),
    ),
    `${LINE}.sources[0].url`,
    'is not a well-formed URL',
  ],
]

for (const [rule, ...row] of CASES) {
  test(`lifecycle: ${row[1] === null ? 'accepts' : `${row[1]} ${row[2]}`}`, () =>
    assertRuleCase(rule, row))
}
