import { test } from 'node:test'
import {
  assertRuleCase,
  documentWith,
  ENTRY,
  entry,
  type RuleCase,
} from '../../../../test/support/document-builders.ts'
import { httpUrls } from './http-urls.ts'

// [document, path of the fault (null: valid), part of its message]
const CASES: readonly RuleCase[] = [
  [documentWith(), null, ''],
  [documentWith({}, { website: 'https://exa mple.org' }), 'website', 'not a well-formed URL'],
  [
    documentWith({
      python: entry({ sources: [{ title: 'x', url: 'https://', accessedAt: '2026-01-01' }] }),
    }),
    `${ENTRY}.sources[0].url`,
    'not a well-formed URL',
  ],
]

for (const row of CASES) {
  test(`http-urls: ${row[1] === null ? 'accepts' : `${row[1]} ${row[2]}`}`, () =>
    assertRuleCase(httpUrls, row))
}
