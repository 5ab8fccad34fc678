import { test } from 'node:test'
import {
  assertRuleCase,
  documentWith,
  type RuleCase,
} from '../../../../test/support/document-builders.ts'
import { versionKeysRule } from './version-keys.ts'

// [document, path of the fault (null: valid), part of its message]
const CASES: readonly RuleCase[] = [
  [documentWith(), null, ''],
  [
    documentWith({}, { versions: { '10': { dependencies: {} }, '10.0': { dependencies: {} } } }),
    null,
    '',
  ],
  [
    documentWith({}, { versions: { one: { dependencies: {} } } }),
    'versions.one',
    'is not a version',
  ],
  [
    documentWith({}, { versions: { '1.0': { dependencies: {} }, 'v1.0': { dependencies: {} } } }),
    'versions."v1.0"',
    "duplicates '1.0'",
  ],
  [
    documentWith({}, { versions: { '16-alpine': { dependencies: {} } } }),
    'versions."16-alpine"',
    'flavor',
  ],
]

for (const row of CASES) {
  test(`version-keys: ${row[1] === null ? 'accepts' : `${row[1]} ${row[2]}`}`, () =>
    assertRuleCase(versionKeysRule, row))
}
