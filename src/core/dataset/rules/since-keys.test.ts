import { test } from 'node:test'
import {
  assertRuleCase,
  documentWith,
  type RuleCase,
} from '../../../../test/support/document-builders.ts'
import { sinceKeys } from './since-keys.ts'

const versions = (key: string, since: unknown) => ({
  versions: { '1.27': { dependencies: {} }, [key]: { since, dependencies: {} } },
})

// [document, path of the fault (null: valid), part of its message]
const CASES: readonly RuleCase[] = [
  [documentWith(), null, ''],
  [documentWith({}, versions('1.27.1', true)), null, ''],
  [documentWith({}, versions('1.28', true)), null, ''],
  [documentWith({}, versions('1.27.1', false)), null, ''],
  [documentWith({}, versions('2', true)), 'versions."2".since', 'two or more release parts'],
  [documentWith({}, versions('1.28.0-rc.1', true)), 'versions."1.28.0-rc.1".since', 'pre-release'],
  [documentWith({}, versions('1.27.1.post1', true)), 'versions."1.27.1.post1".since', 'post'],
]

for (const row of CASES) {
  test(`since-keys: ${row[1] === null ? 'accepts' : `${row[1]} ${row[2]}`}`, () =>
    assertRuleCase(sinceKeys, row))
}
