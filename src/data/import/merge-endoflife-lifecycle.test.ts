import assert from 'node:assert/strict'
import { test } from 'node:test'
import type { Identifier } from '../../core/dataset/schema.ts'
import { ENDOFLIFE_NOTE, endoflifeLifecycle } from './endoflife-lifecycle.ts'
import { type LifecycleMerge, mergeEndoflifeLifecycle } from './merge-endoflife-lifecycle.ts'

const COMMIT = 'a70eca337600e7d721dc48112c271f98661d208b'
const LIFECYCLE = endoflifeLifecycle(
  {
    slug: 'demo',
    releases: [
      { releaseCycle: '2.0', releaseDate: '2025-01-01', eol: false, latest: '2.0.1' },
      { releaseCycle: '1.10', releaseDate: '2024-01-01', eol: true },
    ],
  },
  COMMIT,
  '2026-11-28',
)

const HEAD = `# yaml-language-server: $schema=../schema/project.schema.json
id: demo
name: Demo
categories:
  - web
website: https://example.org/
upstream:
  github: example/demo
`
const VERSIONS = `versions:
  "2.0":
    dependencies: {} # kept
`

/** The block as written, its lists indented under their keys as the file's are or not. */
function block(indentSeq: boolean, lastVerified = '2026-11-28'): string {
  const indent = indentSeq ? '    ' : '  '
  return `lifecycle:
  confidence: high
  lastVerified: "${lastVerified}"
  sources:
${indent}- &endoflife1
${indent}  title: endoflife.date product file products/demo.md at a70eca3
${indent}  url: https://github.com/endoflife-date/endoflife.date/blob/${COMMIT}/products/demo.md
${indent}  accessedAt: "${lastVerified}"
  notes: ["${ENDOFLIFE_NOTE}"]
  importedFrom: endoflife
  lines:
    "2.0":
      released: "2025-01-01"
      supportUntil: null
      latest: 2.0.1
      sources:
    ${indent}- *endoflife1
    "1.10":
      released: "2024-01-01"
      supportUntil: true
      sources:
    ${indent}- *endoflife1
`
}

/** The text, or what else the merge says, and the change in a line. */
function merged(result: LifecycleMerge): { text: string; change: string } {
  if (result.kind !== 'merged')
    return {
      text: `${result.kind}: ${'reason' in result ? result.reason : result.message}`,
      change: '',
    }
  const { change } = result
  return {
    text: result.text,
    change: `${change.replaced ? 'replaced' : 'new'}; added ${change.added.join(' ')}; changed ${change.changed.join(' ')}; removed ${change.removed.join(' ')}; unchanged ${change.unchanged}; identifiers ${change.identifiersAdded.map((item) => Object.values(item)[0]).join(' ')}`,
  }
}

// Columns: the rule, the file, the identifiers imported, the file written (or what happened
// instead), and the change.
const CASES: readonly (readonly [string, string, Identifier[], string, string])[] = [
  [
    'a new block goes after upstream and before versions, identifiers just before it',
    HEAD + VERSIONS,
    [{ purl: 'pkg:github/example/demo' }],
    `${HEAD}identifiers:\n  - purl: pkg:github/example/demo\n${block(true)}${VERSIONS}`,
    'new; added 2.0 1.10; changed ; removed ; unchanged 0; identifiers pkg:github/example/demo',
  ],
  [
    'identifiers are added after the hand-written ones, each once; comments stay',
    `${HEAD}identifiers:\n  - purl: pkg:github/example/demo # by hand\n${VERSIONS}`,
    [{ purl: 'pkg:github/example/demo' }, { repology: 'demo' }],
    `${HEAD}identifiers:\n  - purl: pkg:github/example/demo # by hand\n  - repology: demo\n${block(true)}${VERSIONS}`,
    'new; added 2.0 1.10; changed ; removed ; unchanged 0; identifiers demo',
  ],
  [
    'no identifiers to add: no identifiers key',
    HEAD + VERSIONS,
    [],
    `${HEAD}${block(true)}${VERSIONS}`,
    'new; added 2.0 1.10; changed ; removed ; unchanged 0; identifiers ',
  ],
  [
    'a file whose lists are not indented under their key keeps that style',
    HEAD.replace('  - web', '- web') + VERSIONS,
    [],
    `${HEAD.replace('  - web', '- web')}${block(false)}${VERSIONS}`,
    'new; added 2.0 1.10; changed ; removed ; unchanged 0; identifiers ',
  ],
  [
    'an imported block is replaced where it stands; lines added, changed, removed and unchanged are counted',
    `${HEAD}${VERSIONS}lifecycle:
  confidence: high
  lastVerified: "2026-01-01"
  sources: []
  importedFrom: endoflife
  lines:
    "3.0": {released: "2026-01-01", supportUntil: null}
    "2.0": {released: "2025-01-01", supportUntil: "2026-01-01"}
    "1.10":
      released: "2024-01-01"
      supportUntil: true
      sources: [{title: "endoflife.date product file products/demo.md at a70eca3", url: "https://github.com/endoflife-date/endoflife.date/blob/${COMMIT}/products/demo.md", accessedAt: "2026-01-01"}]
`,
    [],
    `${HEAD}${VERSIONS}${block(true)}`,
    'replaced; added ; changed 2.0; removed 3.0; unchanged 1; identifiers ',
  ],
  [
    'a hand-written block is left alone',
    `${HEAD}lifecycle:\n  confidence: medium\n  lastVerified: null\n  sources: []\n  lines: {}\n${VERSIONS}`,
    [{ repology: 'demo' }],
    'left alone: its lifecycle block is written by hand (it has no importedFrom: endoflife)',
    '',
  ],
  [
    'identifiers that are not a list are not added to',
    `${HEAD}identifiers: {purl: pkg:github/example/demo}\n${VERSIONS}`,
    [],
    'error: its identifiers is not a list',
    '',
  ],
  [
    'a file that is not YAML',
    'id: [demo\n',
    [],
    'error: it is not YAML (Flow sequence in block collection must be sufficiently indented and end with a ] at line 2, column 1:)',
    '',
  ],
]

for (const [rule, text, identifiers, expectedText, expectedChange] of CASES) {
  test(`mergeEndoflifeLifecycle: ${rule}`, () => {
    const result = merged(mergeEndoflifeLifecycle(text, LIFECYCLE, identifiers))
    assert.equal(result.text, expectedText)
    assert.equal(result.change, expectedChange)
  })
}

test('mergeEndoflifeLifecycle: importing the same again writes the same text', () => {
  const once = mergeEndoflifeLifecycle(HEAD + VERSIONS, LIFECYCLE, [{ repology: 'demo' }])
  assert.equal(once.kind, 'merged')
  if (once.kind !== 'merged') return
  const twice = merged(mergeEndoflifeLifecycle(once.text, LIFECYCLE, [{ repology: 'demo' }]))
  assert.equal(twice.text, once.text)
  assert.equal(twice.change, 'replaced; added ; changed ; removed ; unchanged 2; identifiers ')
})
