import { test } from 'node:test'
import {
  assertRuleCase,
  documentWith,
  ENTRY,
  entry,
  entryWithout,
  type RuleCase,
} from '../../../../test/support/document-builders.ts'
import { schemaShape } from './schema-shape.ts'

// [document, path of the fault (null: valid), part of its message]
const CASES: readonly RuleCase[] = [
  [documentWith(), null, ''],
  [documentWith({}, { id: 'Demo!' }), 'id', 'lowercase slug'],
  [documentWith({}, { extra: 1 }), '(document)', "unknown field 'extra'"],
  [documentWith({}, { website: 'ftp://example.org' }), 'website', 'http(s) URL'],
  [documentWith({ python: entry({ confidence: 'certain' }) }), `${ENTRY}.confidence`, ''],
  [
    documentWith({ python: entry({ lastVerified: '1 Oct 2026' }) }),
    `${ENTRY}.lastVerified`,
    'YYYY-MM-DD',
  ],
  [
    documentWith({
      python: entry({
        sources: [{ title: 'x', url: 'javascript:alert(1)', accessedAt: '2026-01-01' }],
      }),
    }),
    `${ENTRY}.sources[0].url`,
    'http(s) URL',
  ],
  [
    documentWith({ python: entry({ constraints: [{ type: 'newer-than' }] }) }),
    `${ENTRY}.constraints[0].type`,
    '',
  ],
  [documentWith({ python: entry({ confidense: 'high' }) }), ENTRY, "unknown field 'confidense'"],
  [documentWith({ python: entryWithout('ranges') }), ENTRY, "missing required field 'ranges'"],
]

for (const row of CASES) {
  test(`schema-shape: ${row[1] === null ? 'accepts' : `${row[1]} ${row[2]}`}`, () =>
    assertRuleCase(schemaShape, row))
}
