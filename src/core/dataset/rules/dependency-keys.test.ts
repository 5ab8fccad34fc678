import { test } from 'node:test'
import {
  assertRuleCase,
  documentWith,
  entry,
  type RuleCase,
} from '../../../../test/support/document-builders.ts'
import { dependencyKeys } from './dependency-keys.ts'

// [document, path of the fault (null: valid), part of its message]
const CASES: readonly RuleCase[] = [
  [documentWith(), null, ''],
  [documentWith({ 'spring-boot.starter_web': entry() }), null, ''],
  [documentWith({ Python: entry() }), 'versions."1.0".dependencies.Python', 'lowercase slug'],
  [documentWith({ 'my dep': entry() }), 'versions."1.0".dependencies."my dep"', 'lowercase slug'],
]

for (const row of CASES) {
  test(`dependency-keys: ${row[1] === null ? 'accepts' : `${row[1]} ${row[2]}`}`, () =>
    assertRuleCase(dependencyKeys, row))
}
