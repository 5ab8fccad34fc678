import assert from 'node:assert/strict'
import { test } from 'node:test'
import { countOf, formatTable, shellQuote } from './format-text.ts'

test('formatTable pads every column but the last to its widest cell', () => {
  assert.deepEqual(
    formatTable(
      ['NAME', 'V', 'REASON'],
      [
        ['python', '3.12', 'a long reason'],
        ['pg', '16', ''],
      ],
    ),
    ['NAME    V     REASON', 'python  3.12  a long reason', 'pg      16'],
  )
})

test('formatTable never sends control characters to the terminal', () => {
  assert.deepEqual(formatTable(['A'], [['\u001b[31mred']]), ['A', '\ufffd[31mred'])
})

test('countOf', () => {
  // count, singular, plural, expected
  const cases: [number, string, string | undefined, string][] = [
    [0, 'fault', undefined, '0 faults'],
    [1, 'fault', undefined, '1 fault'],
    [2, 'entry', 'entries', '2 entries'],
    [1, 'entry', 'entries', '1 entry'],
  ]
  for (const [count, singular, plural, expected] of cases) {
    assert.equal(countOf(count, singular, plural), expected)
  }
})

test('shellQuote quotes only what a shell would split or expand', () => {
  // word, as typed
  const cases: [string, string][] = [
    ['data/projects', 'data/projects'],
    ['/tmp/my data', "'/tmp/my data'"],
    ["it's", `'it'\\''s'`],
    ['$HOME', "'$HOME'"],
  ]
  for (const [word, typed] of cases) assert.equal(shellQuote(word), typed)
})
