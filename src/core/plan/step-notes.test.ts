import assert from 'node:assert/strict'
import { test } from 'node:test'
import type { ProjectDocument } from '../dataset/schema.ts'
import { stepNotes } from './step-notes.ts'

const note = (key: string) => ({ title: `Upgrading to ${key}`, url: `https://example.org/${key}` })
// One page of rows, a row per release: one address under each key's own title.
const row = (key: string) => ({ title: `The ${key} row`, url: 'https://example.org/table' })

const PROJECT: ProjectDocument = {
  id: 'demo',
  name: 'Demo',
  categories: ['kubernetes'],
  website: 'https://example.org',
  versions: {
    '2.13': { dependencies: {}, upgradeNotes: [note('2.13')] },
    '2.14': { dependencies: {}, upgradeNotes: [note('2.14')] },
    '3.0': { dependencies: {}, upgradeNotes: [note('3.0'), note('shared')] },
    '3.0.5': { since: true, dependencies: {}, upgradeNotes: [note('3.0.5')] },
    '3.1': { dependencies: {}, upgradeNotes: [note('3.1'), note('shared')] },
    '3.2.0-rc.1': { dependencies: {}, upgradeNotes: [note('3.2-rc')] },
    '3.2': { dependencies: {}, upgradeNotes: [note('3.2')] },
    '4.0': { dependencies: {}, upgradeNotes: [row('4.0')] },
    '4.1': { dependencies: {}, upgradeNotes: [row('4.1')] },
  },
}

// [from, to, the notes' titles in order, without their 'Upgrading to ' prefix]
const CASES: readonly (readonly [string | null, string, readonly string[]])[] = [
  ['2.14', '3.1', ['3.0', 'shared', '3.0.5', '3.1']],
  ['2.13', '2.14', ['2.14']],
  ['v2.14.7', '3.0', ['3.0', 'shared']],
  ['3.1', '3.2', ['3.2']],
  ['3.1', '3.2.0-rc.1', ['3.2-rc']],
  ['3.0', '3.1', ['3.1', 'shared']],
  ['3.0', '3.0.5', []],
  ['3.0.2', '3.0.9', ['3.0.5']],
  ['v2.14.7', '3.0.5', ['3.0', 'shared', '3.0.5']],
  [null, '3.1', []],
  ['3.2', '3.2', []],
  ['not a version', '3.1', []],
  ['3.2', '4.1', ['The 4.0 row', 'The 4.1 row']],
]

test('a step carries the notes of every key it passes over or lands on, lowest first, each once', () => {
  for (const [from, to, expected] of CASES) {
    const titles = stepNotes(PROJECT, from, to).map((found) =>
      found.title.replace(/^Upgrading to /, ''),
    )
    assert.deepEqual(titles, expected, `${from} → ${to}`)
  }
})

test('a component that names no catalogued project has no notes', () => {
  assert.deepEqual(stepNotes(undefined, '1.0', '2.0'), [])
})
