import assert from 'node:assert/strict'
import { test } from 'node:test'
import { convertHelmConstraint } from './convert-helm-constraint.ts'
import { convertRange } from './convert-range.ts'
import { pinOf } from './read-packument.ts'
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

/** An npm release declaring the peer `@demo/ui` (or nothing, for null), its pin marked as the importer marks it. */
function npmRelease(version: string, ui: string | null): PublishedRelease {
  const converted = ui === null ? null : convertRange(ui)
  return {
    version,
    facts:
      ui === null || converted === null
        ? []
        : [
            {
              dependency: 'demo-ui',
              field: "peerDependencies['@demo/ui']",
              declared: ui,
              relationship: 'optional peer',
              converted,
              ...pinOf(ui, converted, version),
            },
          ],
    source: {
      title: `demo ${version} package.json`,
      url: `https://github.com/demo/demo/tree/v${version}`,
      accessedAt: '2026-11-28',
    },
  }
}

const NPM_OPTIONS = { importer: 'npm', today: '2026-11-28', subject: 'demo' } as const

/** Each key with `since` marked, and the demo-ui entry ('same-version', ranges, '?' for unknown). */
function npmSummary(releases: PublishedRelease[]): string[] {
  const { versions } = releaseLineKeys(releases, NPM_OPTIONS)
  return Object.entries(versions).map(([key, version]) => {
    const entry = version.dependencies['demo-ui']
    const said =
      entry === undefined
        ? ['-']
        : [...entry.ranges, ...(entry.constraints ?? []).map((constraint) => constraint.type)]
    return `${key}${version.since === true ? ' since' : ''}: ${said.length === 0 ? '?' : said.join(' | ')}`
  })
}

// [case, releases as version=peer range (null for none), keys expected, newest first]
const PIN_CASES: ReadonlyArray<[string, [string, string | null][], string[]]> = [
  [
    'a line whose every release pins its own version is one same-version entry',
    [
      ['5.1.0', '5.1.0'],
      ['5.1.1', '5.1.1'],
      ['5.1.2', '5.1.2'],
    ],
    ['5.1: same-version'],
  ],
  ['a line of one release that pins itself', [['5.2.0', '5.2.0']], ['5.2: same-version']],
  [
    'each line its own entry',
    [
      ['5.0.0', '5.0.0'],
      ['5.0.1', '5.0.1'],
      ['5.1.0', '5.1.0'],
    ],
    ['5.1: same-version', '5.0: same-version'],
  ],
  [
    'a pin that starts inside a line starts a since key, and holds to the end',
    [
      ['4.0.0', '^4.0.0'],
      ['4.0.1', '^4.0.0'],
      ['4.0.2', '4.0.2'],
      ['4.0.3', '4.0.3'],
    ],
    ['4.0.2 since: same-version', '4.0: >=4.0.0 <5'],
  ],
  [
    'a caret that ends the pins inside a line ends the run',
    [
      ['4.1.0', '4.1.0'],
      ['4.1.1', '4.1.1'],
      ['4.1.2', '^4.1.1'],
    ],
    ['4.1.2 since: >=4.1.1 <5', '4.1: same-version'],
  ],
  [
    'a line where a release pins another version: pins are independent versions, not the rule',
    [
      ['3.0.0', '3.0.0'],
      ['3.0.1', '3.0.1'],
      ['3.0.2', '3.0.1'],
    ],
    ['3.0.1 since: 3.0.1', '3.0: 3.0.0'],
  ],
  [
    'that line alone: the next line whose releases all pin their own is the rule',
    [
      ['3.0.0', '3.0.0'],
      ['3.0.1', '3.0.0'],
      ['3.1.0', '3.1.0'],
      ['3.1.1', '3.1.1'],
    ],
    ['3.1: same-version', '3.0: 3.0.0'],
  ],
  [
    'a pin that disappears leaves an unknown entry from there on',
    [
      ['2.0.0', '2.0.0'],
      ['2.0.1', '2.0.1'],
      ['2.0.2', null],
    ],
    ['2.0.2 since: ?', '2.0: same-version'],
  ],
  [
    'one release pinning its own number in a line of several is what it declares',
    [
      ['2.1.0', '2.1.0'],
      ['2.1.1', null],
    ],
    ['2.1.1 since: ?', '2.1: 2.1.0'],
  ],
  [
    'pins of their own numbers among pins of other versions are independent versions (astro 7.2)',
    [
      ['7.2.0', '7.2.2'],
      ['7.2.2', '7.2.2'],
      ['7.2.3', '7.2.3'],
      ['7.2.4', '7.2.4'],
      ['7.2.5', '7.2.4'],
    ],
    ['7.2.4 since: 7.2.4', '7.2.3 since: 7.2.3', '7.2: 7.2.2'],
  ],
  [
    'a lone pin between other ranges is what it declares',
    [
      ['6.0.0', '^6.0.0'],
      ['6.0.1', '6.0.1'],
      ['6.0.2', '^6.0.0'],
    ],
    ['6.0.2 since: >=6.0.0 <7', '6.0.1 since: 6.0.1', '6.0: >=6.0.0 <7'],
  ],
  [
    'a caret from the own version is a range at each release, not a pin',
    [
      ['19.2.0', '^19.2.0'],
      ['19.2.1', '^19.2.1'],
    ],
    ['19.2.1 since: >=19.2.1 <20', '19.2: >=19.2.0 <20'],
  ],
]

for (const [name, releases, expected] of PIN_CASES) {
  test(`releaseLineKeys: ${name}`, () => {
    assert.deepEqual(npmSummary(releases.map(([version, ui]) => npmRelease(version, ui))), expected)
  })
}

test('a same-version entry has no ranges, cites the first and last release of its run, and says what each declared', () => {
  const { versions } = releaseLineKeys(
    [npmRelease('5.1.0', '5.1.0'), npmRelease('5.1.1', '=5.1.1')],
    NPM_OPTIONS,
  )
  assert.deepEqual(versions['5.1']?.dependencies['demo-ui'], {
    ranges: [],
    constraints: [{ type: 'same-version' }],
    relationship: 'optional peer',
    confidence: 'high',
    lastVerified: '2026-11-28',
    notes: [
      "demo 5.1.0 to 5.1.1 declare peerDependencies['@demo/ui'] as each release's own version ('5.1.0' to '=5.1.1').",
    ],
    sources: [npmRelease('5.1.0', null).source, npmRelease('5.1.1', null).source],
    importedFrom: 'npm',
  })
  const single = releaseLineKeys([npmRelease('5.2.0', '5.2.0')], NPM_OPTIONS)
  assert.deepEqual(single.versions['5.2']?.dependencies['demo-ui']?.notes, [
    "demo 5.2.0 declares peerDependencies['@demo/ui'] '5.2.0', its own version.",
  ])
})

test('an unknown entry after a pin keeps the relationship the pin declared', () => {
  const { versions } = releaseLineKeys(
    [npmRelease('2.0.0', '2.0.0'), npmRelease('2.0.1', '2.0.1'), npmRelease('2.0.2', null)],
    NPM_OPTIONS,
  )
  assert.equal(versions['2.0.2']?.dependencies['demo-ui']?.relationship, 'optional peer')
})
