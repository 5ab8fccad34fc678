import assert from 'node:assert/strict'
import { test } from 'node:test'
import { convertHelmConstraint } from './convert-helm-constraint.ts'
import { type PublishedRelease, releaseLineKeys } from './release-line-keys.ts'

/** A chart release declaring `kubeVersion` (or nothing, for null). */
function chart(version: string, kubeVersion: string | null): PublishedRelease {
  return {
    version,
    facts:
      kubeVersion === null
        ? []
        : [
            {
              dependency: 'kubernetes',
              field: 'kubeVersion',
              declared: kubeVersion,
              relationship: 'platform',
              converted: convertHelmConstraint(kubeVersion),
            },
          ],
    source: {
      title: `demo ${version}`,
      url: `https://example.org/demo-${version}.tgz`,
      accessedAt: '2026-11-26',
    },
  }
}

const OPTIONS = { importer: 'helm-index', today: '2026-11-26', subject: 'Chart demo' } as const

/** Each key with `since` marked, and the kubernetes ranges it holds ('-' for none, '?' for an unknown entry). */
function summary(releases: PublishedRelease[]): string[] {
  const { versions } = releaseLineKeys(releases, OPTIONS)
  return Object.entries(versions).map(([key, version]) => {
    const entry = version.dependencies.kubernetes
    const ranges =
      entry === undefined ? '-' : entry.ranges.length === 0 ? '?' : entry.ranges.join(' | ')
    return `${key}${version.since === true ? ' since' : ''}: ${ranges}`
  })
}

// [case, releases as version=kubeVersion ('' for none), keys expected, newest first]
const CASES: ReadonlyArray<[string, [string, string | null][], string[]]> = [
  [
    'one key per line where the line agrees',
    [
      ['1.3.0', '>=1.25.0-0'],
      ['1.3.1', '>=1.25.0-0'],
      ['1.4.0', '>=1.26.0-0'],
    ],
    ['1.4: >=1.26.0', '1.3: >=1.25.0'],
  ],
  [
    'a since key where the declaration changes inside the line',
    [
      ['1.3.0', '>=1.25.0-0'],
      ['1.3.1', '>=1.25.0-0'],
      ['1.3.2', '>=1.26.0-0'],
      ['1.3.3', '>=1.26.0-0'],
    ],
    ['1.3.2 since: >=1.26.0', '1.3: >=1.25.0'],
  ],
  [
    'input order does not matter; pre-releases are skipped',
    [
      ['1.3.2', '>=1.26.0-0'],
      ['1.4.0-rc.1', '>=1.30.0-0'],
      ['1.3.0', '>=1.25.0-0'],
    ],
    ['1.3.2 since: >=1.26.0', '1.3: >=1.25.0'],
  ],
  [
    'no kubeVersion, no entry',
    [
      ['2.0.0', null],
      ['2.0.1', null],
    ],
    [],
  ],
  [
    'a declaration that appears inside a line starts a since key',
    [
      ['2.0.0', null],
      ['2.0.1', '>=1.28.0-0'],
    ],
    ['2.0.1 since: >=1.28.0'],
  ],
  [
    'a declaration that disappears inside a line leaves an unknown entry from there on',
    [
      ['2.0.0', '>=1.28.0-0'],
      ['2.0.1', null],
    ],
    ['2.0.1 since: ?', '2.0: >=1.28.0'],
  ],
  [
    'an unconvertible declaration documents nothing from its release',
    [
      ['2.0.0', '>=1.28.0-0'],
      ['2.0.1', 'kubernetes 1.29'],
      ['2.0.2', '>=1.29.0-0'],
    ],
    ['2.0.2 since: >=1.29.0', '2.0.1 since: ?', '2.0: >=1.28.0'],
  ],
]

for (const [name, releases, expected] of CASES) {
  test(`releaseLineKeys: ${name}`, () => {
    assert.deepEqual(summary(releases.map(([version, kube]) => chart(version, kube))), expected)
  })
}

test('entries are owned by the importer, cite the first and last release of their run, and say what was declared', () => {
  const { versions, releases, preReleases, leftOut } = releaseLineKeys(
    [
      chart('1.3.0', '>=1.25.0-0'),
      chart('1.3.1', '>=1.25.0-0'),
      chart('1.3.2', '>=1.25.0-0'),
      chart('1.4.0-rc.1', null),
    ],
    OPTIONS,
  )
  assert.deepEqual(versions['1.3']?.dependencies.kubernetes, {
    ranges: ['>=1.25.0'],
    relationship: 'platform',
    confidence: 'high',
    lastVerified: '2026-11-26',
    notes: ["Chart demo 1.3.0 to 1.3.2 declare kubeVersion '>=1.25.0-0'."],
    sources: [chart('1.3.0', null).source, chart('1.3.2', null).source],
    importedFrom: 'helm-index',
  })
  assert.equal(releases, 3)
  assert.equal(preReleases, 1)
  assert.deepEqual(leftOut, [])
})

test('what cannot be converted is reported with the release and the declaration', () => {
  const { leftOut } = releaseLineKeys(
    [chart('2.0.1', 'kubernetes 1.29'), chart('latest', '>=1')],
    OPTIONS,
  )
  assert.deepEqual(leftOut, [
    'Chart demo latest: not a version compat reads; left out',
    "Chart demo 2.0.1: kubeVersion 'kubernetes 1.29' cannot be converted exactly ('kubernetes' is a label, not a version); no kubernetes entry for it",
  ])
})

test('an unknown entry keeps the relationship the line declared', () => {
  const { versions } = releaseLineKeys(
    [chart('2.0.0', '>=1.28.0-0'), chart('2.0.1', null)],
    OPTIONS,
  )
  const entry = versions['2.0.1']?.dependencies.kubernetes
  assert.equal(entry?.relationship, 'platform')
  assert.equal(entry?.confidence, 'low')
  assert.match(entry?.notes[0] ?? '', /Chart demo 2\.0\.1 declares nothing for kubernetes/)
})
