import { test } from 'node:test'
import {
  assertRuleCase,
  documentWith,
  type RuleCase,
} from '../../../../test/support/document-builders.ts'
import { aliases } from './aliases.ts'

// [document, path of the fault (null: valid), part of its message]
const CASES: readonly RuleCase[] = [
  [documentWith(), null, ''],
  [documentWith(undefined, { aliases: ['demo-app', 'dmo'] }), null, ''],
  [documentWith(undefined, { aliases: ['demo'] }), 'aliases[0]', "the project's own id"],
  [documentWith(undefined, { aliases: ['dmo', 'dmo'] }), 'aliases[1]', 'listed twice'],
]

for (const row of CASES) {
  test(`aliases: ${row[1] === null ? 'accepts' : `${row[1]} ${row[2]}`}`, () =>
    assertRuleCase(aliases, row))
}
