import assert from 'node:assert/strict'
import { test } from 'node:test'
import { buildDataset, type CompiledProject } from '../dataset/build-dataset.ts'
import type { ProjectDocument } from '../dataset/schema.ts'
import { compareReleases, versionOfTag } from './compare-releases.ts'

function project(keys: readonly string[], since: readonly string[] = []): CompiledProject {
  const versions: ProjectDocument['versions'] = {}
  for (const key of keys) versions[key] = { dependencies: {} }
  for (const key of since) versions[key] = { since: true, dependencies: {} }
  const dataset = buildDataset([
    { id: 'p', name: 'P', categories: [], website: 'https://example.org', versions },
  ])
  return dataset.projects.get('p') as CompiledProject
}

// [what, keys, since keys, releases, newest documented, newest release, newer lines, missing lines]
const CASES: ReadonlyArray<
  readonly [string, string[], string[], string[], string | null, string | null, string[], string[]]
> = [
  [
    'nothing missing',
    ['1.20', '1.21'],
    [],
    ['v1.20.0', 'v1.20.3', 'v1.21.0', 'v1.21.2'],
    '1.21',
    '1.21.2',
    [],
    [],
  ],
  [
    'a newer line, and one inside the documented span',
    ['1.19', '1.21'],
    [],
    ['v1.19.1', 'v1.20.4', 'v1.21.2', 'v1.22.0', 'v1.22.1', 'v1.23.0'],
    '1.21',
    '1.23.0',
    ['1.23 (1.23.0)', '1.22 (1.22.1)'],
    ['1.20 (1.20.4)'],
  ],
  [
    'pre-releases and other texts are not releases',
    ['1.21'],
    [],
    ['v1.22.0-rc.1', 'nightly', 'v1.21.1', 'helm-chart-2.0.0', 'v1.22.0-alpha'],
    '1.21',
    '1.21.1',
    [],
    [],
  ],
  [
    'a document keyed by majors reads majors as lines',
    ['30', '31'],
    [],
    ['30.0.5', '31.0.1', '32.0.0', '32.0.2'],
    '31',
    '32.0.2',
    ['32 (32.0.2)'],
    [],
  ],
  [
    'since keys do not change the depth, and lie in their line',
    ['1.27', '1.28'],
    ['1.27.1', '1.28.2'],
    ['1.27.5', '1.28.3', '1.29.0'],
    '1.28.2',
    '1.29.0',
    ['1.29 (1.29.0)'],
    [],
  ],
  [
    'a document keyed by releases reads releases as lines',
    ['1.14.5', '1.14.6'],
    [],
    ['v1.14.5', 'v1.14.6', 'v1.14.7'],
    '1.14.6',
    '1.14.7',
    ['1.14.7 (1.14.7)'],
    [],
  ],
  ['an upstream with no release', ['1.0'], [], [], '1.0', null, [], []],
]

for (const [what, keys, since, releases, newestKey, newestRelease, newer, missing] of CASES) {
  test(`compareReleases: ${what}`, () => {
    const comparison = compareReleases(project(keys, since), releases)
    const lines = (list: readonly { line: string; newest: string }[]) =>
      list.map((line) => `${line.line} (${line.newest})`)
    assert.equal(comparison.newestDocumented, newestKey)
    assert.equal(comparison.newestRelease, newestRelease)
    assert.deepEqual(lines(comparison.newerLines), newer)
    assert.deepEqual(lines(comparison.missingLines), missing)
  })
}

// [tag, tagPattern, version read]
const TAGS: ReadonlyArray<readonly [string, string | undefined, string | null]> = [
  ['v1.30.2', undefined, '1.30.2'],
  ['1.2', undefined, '1.2'],
  ['v1.30.0-rc.1', undefined, null],
  ['cert-manager-v1.2.0', undefined, null],
  ['latest', undefined, null],
  ['release-1.2', undefined, null],
  ['chart-2.1.0', '^chart-(\\d+\\.\\d+\\.\\d+)$', '2.1.0'],
  ['v2.1.0', '^chart-(\\d+\\.\\d+\\.\\d+)$', null],
  ['release/2.55', '^release/(\\d+\\.\\d+(?:\\.\\d+)?)$', '2.55'],
]

for (const [tag, pattern, expected] of TAGS) {
  test(`versionOfTag: ${tag}${pattern === undefined ? '' : ` with ${pattern}`} → ${expected}`, () => {
    assert.equal(versionOfTag(tag, pattern), expected)
  })
}
