import assert from 'node:assert/strict'
import { test } from 'node:test'
import type { ProjectDocument } from '../../core/dataset/schema.ts'
import { parseVersion } from '../../core/version/parse-version.ts'
import { citationForm } from './citation-form.ts'
import { releaseTag } from './packaging-metadata.ts'

/** A document whose imported entries cite these sources, one key each. */
function citing(titlesAndUrls: readonly (readonly [string, string])[]): ProjectDocument {
  const versions = Object.fromEntries(
    titlesAndUrls.map(([title, url], at) => [
      `${at + 1}.0`,
      {
        dependencies: {
          nodejs: {
            ranges: ['>=18'],
            relationship: 'runtime',
            confidence: 'high' as const,
            lastVerified: '2026-11-26',
            notes: [],
            sources: [{ title, url, accessedAt: '2026-11-26' }],
            importedFrom: 'npm' as const,
          },
        },
      },
    ]),
  )
  return { id: 'demo', name: 'demo', categories: ['t'], website: 'https://d.example/', versions }
}

const tagged = (version: string, tag: string) =>
  [
    `demo ${version} package.json (engines, peerDependencies), repository at tag ${tag}`,
    `https://github.com/demo/demo/tree/${tag}`,
  ] as const
const atCommit = (version: string) =>
  [
    `demo ${version} package.json (engines, peerDependencies), repository at commit 0123456789`,
    `https://github.com/demo/demo/tree/${'0123456789'.repeat(4)}`,
  ] as const

// Columns: what the entries cite; then, per release, the tag a new citation takes.
const CASES: readonly (readonly [
  string,
  readonly (readonly [string, string])[],
  Record<string, string>,
])[] = [
  ['one form', [tagged('1.0.0', '1.0.0'), tagged('2.3.1', '2.3.1')], { '3.0.0': '3.0.0' }],
  [
    'the form changed: each run of releases keeps its own, a new release takes the newest',
    [tagged('0.9.0', '0.9.0'), tagged('1.2.0', 'v1.2.0'), tagged('2.0.0', 'pkg@2.0.0')],
    {
      '0.5.0': '0.5.0',
      '1.0.0': '1.0.0',
      '1.2.5': 'v1.2.5',
      '1.9.9': 'v1.9.9',
      '2.0.0': 'pkg@2.0.0',
      '9.0.0': 'pkg@9.0.0',
    },
  ],
  ['commits only: the importers default', [atCommit('1.0.0')], { '2.0.0': 'v2.0.0' }],
]

for (const [name, sources, expected] of CASES) {
  test(`citationForm: ${name}`, () => {
    const form = citationForm(citing(sources), 'npm')
    assert.equal(form.sourceUrl, null)
    assert.equal(form.importedEntries, sources.length)
    for (const [version, tag] of Object.entries(expected)) {
      assert.deepEqual(releaseTag(version, form.tags), { tag }, version)
    }
  })
}

test('citationForm: the newest cited release, commits included, is where a refresh starts', () => {
  const form = citationForm(citing([tagged('1.0.0', 'v1.0.0'), atCommit('1.4.2')]), 'npm')
  assert.equal(form.newestCited?.raw, parseVersion('1.4.2')?.raw)
})

test('citationForm: a --source-url template is learnt from the newest citation', () => {
  const form = citationForm(
    citing([
      ['demo 2.1.0 Chart.yaml', 'https://github.com/demo/charts/blob/demo-2.1.0/Chart.yaml'],
    ]),
    'npm',
  )
  assert.equal(form.sourceUrl, 'https://github.com/demo/charts/blob/demo-{version}/Chart.yaml')
})

test('citationForm: entries of another importer, or written by hand, teach nothing', () => {
  const form = citationForm(citing([tagged('1.0.0', '1.0.0')]), 'pypi')
  assert.equal(form.importedEntries, 0)
  assert.equal(form.newestCited, null)
})
