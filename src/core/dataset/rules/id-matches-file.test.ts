import { test } from 'node:test'
import {
  assertRuleCase,
  documentWith,
  type RuleCase,
} from '../../../../test/support/document-builders.ts'
import { idMatchesFile } from './id-matches-file.ts'

// [document, path of the fault (null: valid), part of its message]
const CASES: readonly RuleCase[] = [
  [documentWith(), null, ''],
  [documentWith({}, { id: 'other' }), 'id', "id 'other' must equal the file name 'demo'"],
]

for (const row of CASES) {
  test(`id-matches-file: ${row[1] === null ? 'accepts' : `${row[1]} ${row[2]}`}`, () =>
    assertRuleCase(idMatchesFile, row))
}
