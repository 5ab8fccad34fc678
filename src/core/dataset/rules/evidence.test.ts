import { test } from 'node:test'
import {
  assertRuleCase,
  documentWith,
  ENTRY,
  entry,
  type RuleCase,
} from '../../../../test/support/document-builders.ts'
import { evidence } from './evidence.ts'

// [document, path of the fault (null: valid), part of its message]
const CASES: readonly RuleCase[] = [
  [documentWith(), null, ''],
  [
    documentWith({ python: entry({ confidence: 'low', lastVerified: null, sources: [] }) }),
    null,
    '',
  ],
  [
    documentWith({ python: entry({ lastVerified: null }) }),
    `${ENTRY}.lastVerified`,
    'high confidence needs a lastVerified',
  ],
  [
    documentWith({ python: entry({ sources: [] }) }),
    `${ENTRY}.sources`,
    'high confidence needs at least one source',
  ],
  [
    documentWith({ python: entry({ confidence: 'medium', sources: [] }) }),
    `${ENTRY}.sources`,
    'medium confidence needs at least one source',
  ],
]

for (const row of CASES) {
  test(`evidence: ${row[1] === null ? 'accepts' : `${row[1]} ${row[2]}`}`, () =>
    assertRuleCase(evidence, row))
}
