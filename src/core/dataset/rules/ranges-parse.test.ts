import { test } from 'node:test'
import {
  assertRuleCase,
  documentWith,
  ENTRY,
  entry,
  type RuleCase,
} from '../../../../test/support/document-builders.ts'
import { rangesParse } from './ranges-parse.ts'

// [document, path of the fault (null: valid), part of its message]
const CASES: readonly RuleCase[] = [
  [documentWith(), null, ''],
  [documentWith({ python: entry({ ranges: ['3.11', '>=3.12 <3.14', '2.1.0-rc.1'] }) }), null, ''],
  [documentWith({ python: entry({ ranges: ['^3.10'] }) }), `${ENTRY}.ranges[0]`, "operator '^'"],
  [
    documentWith({ python: entry({ ranges: ['>=3 <2'] }) }),
    `${ENTRY}.ranges[0]`,
    'no version can satisfy',
  ],
  [
    documentWith({ python: entry({ ranges: ['3.x'] }) }),
    `${ENTRY}.ranges[0]`,
    'wildcards are not supported',
  ],
  [documentWith({ python: entry({ ranges: ['3.11 || 3.12'] }) }), `${ENTRY}.ranges[0]`, "not '||'"],
  [documentWith({ python: entry({ ranges: ['16-alpine'] }) }), `${ENTRY}.ranges[0]`, 'flavor'],
  [
    documentWith({ python: entry({ ranges: ['3.11', '3.11'] }) }),
    `${ENTRY}.ranges[1]`,
    'listed twice',
  ],
]

for (const row of CASES) {
  test(`ranges-parse: ${row[1] === null ? 'accepts' : `${row[1]} ${row[2]}`}`, () =>
    assertRuleCase(rangesParse, row))
}
