import { test } from 'node:test'
import {
  assertRuleCase,
  documentWith,
  ENTRY,
  entry,
  type RuleCase,
} from '../../../../test/support/document-builders.ts'
import { testedBasis } from './tested-basis.ts'

// [document, path of the fault (null: valid), part of its message]
const CASES: readonly RuleCase[] = [
  [documentWith(), null, ''],
  [documentWith({ python: entry({ basis: 'tested', ranges: ['3.11', '3.12'] }) }), null, ''],
  [documentWith({ python: entry({ basis: 'supported', ranges: [] }) }), null, ''],
  [
    documentWith({ python: entry({ basis: 'tested', ranges: [] }) }),
    `${ENTRY}.basis`,
    'needs the tested versions in ranges',
  ],
  [
    documentWith({
      python: entry({ basis: 'tested', constraints: [{ type: 'same-version' }] }),
    }),
    `${ENTRY}.basis`,
    'cannot go with constraints',
  ],
]

for (const row of CASES) {
  test(`tested-basis: ${row[1] === null ? 'accepts' : `${row[1]} ${row[2]}`}`, () =>
    assertRuleCase(testedBasis, row))
}
