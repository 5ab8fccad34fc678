import { test } from 'node:test'
import {
  assertRuleCase,
  documentWith,
  type RuleCase,
} from '../../../../test/support/document-builders.ts'
import { upgradeNotes } from './upgrade-notes.ts'

/** A document whose version 1.0 carries these upgrade notes. */
function withNotes(...urls: readonly string[]): unknown {
  const notes = urls.map((url, index) => ({ title: `Notes ${index}`, url }))
  return documentWith(undefined, {
    versions: { '1.0': { dependencies: {}, upgradeNotes: notes } },
  })
}

const AT = 'versions."1.0".upgradeNotes'

// [document, path of the fault (null: valid), part of its message]
const CASES: readonly RuleCase[] = [
  [documentWith(), null, ''],
  [withNotes('https://github.com/o/r/blob/v1.0.0/docs/upgrading.md'), null, ''],
  [withNotes('https://example.org/docs/1.0/upgrade/', 'https://example.org/1.0/notes'), null, ''],
  [withNotes('https://github.com/o/r/releases/tag/v1.0.0'), null, ''],
  [withNotes('https://github.com/o/r/blob/main/UPGRADING.md'), `${AT}[0].url`, "follows 'main'"],
  [withNotes('https://github.com/o/r/tree/master/docs'), `${AT}[0].url`, "'master'"],
  [withNotes('https://example.org/docs/latest/upgrade'), `${AT}[0].url`, "'latest'"],
  [withNotes('https://example.org/en/Stable/upgrade'), `${AT}[0].url`, "'Stable'"],
  [withNotes('https://example.org/1.0/a', 'https://example.org/1.0/a'), `${AT}[1].url`, 'twice'],
  [withNotes('https://exa mple.org/1.0'), `${AT}[0].url`, 'not a well-formed'],
]

test('upgrade notes point at pages pinned to the release, each once', () => {
  for (const testCase of CASES) assertRuleCase(upgradeNotes, testCase)
})
