import { test } from 'node:test'
import {
  assertRuleCase,
  documentWith,
  type RuleCase,
} from '../../../../test/support/document-builders.ts'
import { upstreamTags } from './upstream-tags.ts'

const github = (tagPattern?: string) =>
  documentWith({}, { upstream: { github: 'owner/name', ...(tagPattern ? { tagPattern } : {}) } })

// [document, path of the fault (null: valid), part of its message]
const CASES: readonly RuleCase[] = [
  [documentWith(), null, ''],
  [github(), null, ''],
  [github('^v(\\d+\\.\\d+\\.\\d+)$'), null, ''],
  [github('^(?:release-)?(\\d+\\.\\d+)$'), null, ''],
  [github('^v\\d+\\.\\d+$'), 'upstream.tagPattern', 'needs a group for the version'],
  [github('^v(?:\\d+)$'), 'upstream.tagPattern', 'needs a group for the version'],
  [github('^v(\\d+'), 'upstream.tagPattern', 'is not a regular expression'],
  [documentWith({}, { upstream: { npm: 'express' } }), null, ''],
]

for (const row of CASES) {
  test(`upstream-tags: ${row[1] === null ? 'accepts' : `${row[1]} ${row[2]}`}`, () =>
    assertRuleCase(upstreamTags, row))
}
