import assert from 'node:assert/strict'
import { test } from 'node:test'
import { fixtureDataset } from '../../../test/support/fixture-dataset.ts'
import type { Verdict } from './check-result.ts'
import { evaluateCheck } from './evaluate-check.ts'
import type { VersionLookup } from './resolve-project-version.ts'

const dataset = fixtureDataset()

interface Case {
  readonly project: string
  readonly version: string
  readonly dependency: string
  readonly dependencyVersion: string
  readonly compatible: Verdict
  /** Null when absent. */
  readonly matchedRange?: string
  readonly matchedConstraint?: 'same-version'
  /** A part of the reason that names the rule. */
  readonly reason: string
  /** Exact unless given. */
  readonly lookup?: VersionLookup
}

// The rules of docs/api.md ("Ranges", "Results"), one row each, against test/fixtures/data.
const CASES: readonly Case[] = [
  // version lookup: exact keys by default; with line lookup, the most specific covering line
  {
    project: 'cloud-operator',
    version: '1.27.1',
    dependency: 'kubernetes',
    dependencyVersion: '1.31',
    compatible: 'unknown',
    reason: 'ask for "1.27"',
  },
  {
    project: 'cloud-operator',
    version: '1.27.1',
    dependency: 'kubernetes',
    dependencyVersion: '1.31.2',
    compatible: 'compatible',
    matchedRange: '1.31',
    reason: 'answered from the documented Cloud Operator 1.27 line',
    lookup: 'line',
  },
  {
    project: 'cloud-operator',
    version: 'v1.27.1',
    dependency: 'kubernetes',
    dependencyVersion: '1.31',
    compatible: 'compatible',
    matchedRange: '1.31',
    reason: '1.27 line',
    lookup: 'line',
  },
  {
    project: 'cloud-operator',
    version: '1.27.1-ubi9+build.5',
    dependency: 'kubernetes',
    dependencyVersion: '1.30',
    compatible: 'compatible',
    matchedRange: '1.30',
    reason: '1.27 line',
    lookup: 'line',
  },
  {
    project: 'cloud-operator',
    version: '1.27',
    dependency: 'kubernetes',
    dependencyVersion: '1.31',
    compatible: 'compatible',
    matchedRange: '1.31',
    reason: 'is in the documented 1.31 series.',
    lookup: 'line',
  },
  {
    project: 'cloud-operator',
    version: '1.29.3',
    dependency: 'kubernetes',
    dependencyVersion: '1.31',
    compatible: 'incompatible',
    reason: 'answered from the documented Cloud Operator 1 line',
    lookup: 'line',
  },
  {
    project: 'cloud-operator',
    version: '1.28.0-rc1',
    dependency: 'kubernetes',
    dependencyVersion: '1.32',
    compatible: 'compatible',
    matchedRange: '1.32',
    reason: 'series',
    lookup: 'line',
  },
  {
    project: 'cloud-operator',
    version: 'v1.28.0rc1',
    dependency: 'kubernetes',
    dependencyVersion: '1.32',
    compatible: 'compatible',
    matchedRange: '1.32',
    reason: '1.28.0-rc1 line',
    lookup: 'line',
  },
  {
    project: 'cloud-operator',
    version: '1.28.1-rc1',
    dependency: 'kubernetes',
    dependencyVersion: '1.32',
    compatible: 'unknown',
    reason: 'not pre-releases',
    lookup: 'line',
  },
  {
    project: 'cloud-operator',
    version: '2.0',
    dependency: 'kubernetes',
    dependencyVersion: '1.32',
    compatible: 'unknown',
    reason: 'no line that covers it',
    lookup: 'line',
  },
  {
    project: 'cloud-operator',
    version: '1.28.4',
    dependency: 'redis',
    dependencyVersion: '7',
    compatible: 'unknown',
    reason: 'no dependency "redis"',
    lookup: 'line',
  },
  // aliases answer as the project and are echoed as sent
  {
    project: 'cop',
    version: '1.27',
    dependency: 'kubernetes',
    dependencyVersion: '1.31',
    compatible: 'compatible',
    matchedRange: '1.31',
    reason: 'series',
  },
  {
    project: 'cloudoperator',
    version: '1.28',
    dependency: 'kubernetes',
    dependencyVersion: '1.30',
    compatible: 'incompatible',
    reason: 'matches none',
  },
  {
    project: 'CloudOperator',
    version: '1.28',
    dependency: 'kubernetes',
    dependencyVersion: '1.30',
    compatible: 'unknown',
    reason: 'Did you mean "cloud-operator"',
  },
  {
    project: 'cloud_operator',
    version: '1.28',
    dependency: 'kubernetes',
    dependencyVersion: '1.30',
    compatible: 'unknown',
    reason: 'Did you mean "cloud-operator"',
  },
  // tested-only evidence: inside is compatible, outside is unknown, never incompatible
  {
    project: 'cloud-operator',
    version: '1.27',
    dependency: 'postgresql',
    dependencyVersion: '16.4',
    compatible: 'compatible',
    matchedRange: '16',
    reason: 'which the source reports as tested',
  },
  {
    project: 'cloud-operator',
    version: '1.27',
    dependency: 'postgresql',
    dependencyVersion: '18.1',
    compatible: 'unknown',
    reason: 'outside the tested versions 16, 17',
  },
  {
    project: 'cloud-operator',
    version: '1.27',
    dependency: 'postgresql',
    dependencyVersion: 'latest',
    compatible: 'unknown',
    reason: 'tested versions only',
  },
  {
    project: 'cloud-operator',
    version: '1.27',
    dependency: 'postgresql',
    dependencyVersion: '18.0rc1',
    compatible: 'unknown',
    reason: 'outside the tested versions',
  },
  // a comparator set matches; the first matching range (document order) is reported
  {
    project: 'webapp',
    version: '2.0',
    dependency: 'python',
    dependencyVersion: '3.11.4',
    compatible: 'compatible',
    matchedRange: '>=3.10 <3.13',
    reason: 'satisfies the documented range ">=3.10 <3.13"',
  },
  {
    project: 'webapp',
    version: '2.0',
    dependency: 'python',
    dependencyVersion: '3.13.1',
    compatible: 'compatible',
    matchedRange: '3.13',
    reason: 'in the documented 3.13 series',
  },
  {
    project: 'webapp',
    version: '2.0',
    dependency: 'python',
    dependencyVersion: 'v3.12',
    compatible: 'compatible',
    matchedRange: '>=3.10 <3.13',
    reason: 'v3.12',
  },
  // classic traps
  {
    project: 'webapp',
    version: '2.0',
    dependency: 'python',
    dependencyVersion: '3.9.18',
    compatible: 'incompatible',
    reason: 'matches none of the documented ranges',
  },
  {
    project: 'webapp',
    version: '2.0',
    dependency: 'python',
    dependencyVersion: '3.110',
    compatible: 'incompatible',
    reason: 'matches none',
  },
  {
    project: 'webapp',
    version: '1.10',
    dependency: 'python',
    dependencyVersion: '3.13.0rc1',
    compatible: 'incompatible',
    reason: 'fails the bound <3.13',
  },
  {
    project: 'webapp',
    version: '1.10',
    dependency: 'python',
    dependencyVersion: '3.12.0rc1',
    compatible: 'unknown',
    reason: 'evidence covers final releases only',
  },
  {
    project: 'webapp',
    version: '1.10',
    dependency: 'python',
    dependencyVersion: '3.13',
    compatible: 'incompatible',
    reason: 'fails the bound <3.13 of the documented range ">=3.9 <3.13"',
  },
  {
    project: 'webapp',
    version: '1.10',
    dependency: 'python',
    dependencyVersion: '3.8',
    compatible: 'incompatible',
    reason: 'fails the bound >=3.9',
  },
  {
    project: 'webapp',
    version: '1.9',
    dependency: 'python',
    dependencyVersion: '3.8.0',
    compatible: 'compatible',
    matchedRange: '>=3.8 <3.12',
    reason: 'satisfies',
  },
  // flavors and build metadata are ignored, and the reason says so
  {
    project: 'webapp',
    version: '2.0',
    dependency: 'postgresql',
    dependencyVersion: '16.4-alpine',
    compatible: 'compatible',
    matchedRange: '>=14',
    reason: "compared as 16.4; '-alpine' ignored",
  },
  {
    project: 'webapp',
    version: '2.0',
    dependency: 'postgresql',
    dependencyVersion: '16.4+build.1',
    compatible: 'compatible',
    matchedRange: '>=14',
    reason: "'+build.1' ignored",
  },
  {
    project: 'webapp',
    version: '2.0',
    dependency: 'postgresql',
    dependencyVersion: '13.9-bookworm',
    compatible: 'incompatible',
    reason: "'-bookworm' ignored",
  },
  {
    project: 'webapp',
    version: '2.0',
    dependency: 'postgresql',
    dependencyVersion: '9007199254740993',
    compatible: 'compatible',
    matchedRange: '>=14',
    reason: 'satisfies',
  },
  {
    project: 'webapp',
    version: '2.0',
    dependency: 'mariadb',
    dependencyVersion: '10.11.6-MariaDB',
    compatible: 'compatible',
    matchedRange: '10.11',
    reason: 'series',
  },
  {
    project: 'webapp',
    version: '2.0',
    dependency: 'mariadb',
    dependencyVersion: '10.1',
    compatible: 'incompatible',
    reason: 'matches none',
  },
  // a range naming a pre-release matches that pre-release only
  {
    project: 'webapp',
    version: '2.0',
    dependency: 'nodejs',
    dependencyVersion: '2.1.0-rc.1',
    compatible: 'compatible',
    matchedRange: '2.1.0-rc.1',
    reason: 'series',
  },
  {
    project: 'webapp',
    version: '2.0',
    dependency: 'nodejs',
    dependencyVersion: '2.1.0',
    compatible: 'incompatible',
    reason: 'matches none',
  },
  {
    project: 'webapp',
    version: '2.0',
    dependency: 'nodejs',
    dependencyVersion: '21.0.0',
    compatible: 'incompatible',
    reason: 'matches none',
  },
  {
    project: 'webapp',
    version: '2.0',
    dependency: 'nodejs',
    dependencyVersion: '22.11.0',
    compatible: 'compatible',
    matchedRange: '>=20 !=21.0.0 <23',
    reason: 'satisfies',
  },
  // outside the grammar
  {
    project: 'webapp',
    version: '2.0',
    dependency: 'python',
    dependencyVersion: 'latest',
    compatible: 'incompatible',
    reason: 'not a recognizable version',
  },
  {
    project: 'webapp',
    version: '2.0',
    dependency: 'python',
    dependencyVersion: '3.x',
    compatible: 'incompatible',
    reason: 'not a recognizable version',
  },
  // an entry with neither ranges nor constraints cannot decide
  {
    project: 'webapp',
    version: '2.0',
    dependency: 'redis',
    dependencyVersion: '7.2',
    compatible: 'unknown',
    reason: 'documents no compatible range or constraint',
  },
  // same-version
  {
    project: 'dashboard',
    version: '8.15.1',
    dependency: 'engine',
    dependencyVersion: '8.15.1',
    compatible: 'compatible',
    matchedConstraint: 'same-version',
    reason: 'equals the project version',
  },
  {
    project: 'dashboard',
    version: '8.15.1',
    dependency: 'engine',
    dependencyVersion: 'v8.15.1',
    compatible: 'compatible',
    matchedConstraint: 'same-version',
    reason: 'equals',
  },
  {
    project: 'dashboard',
    version: '8.15.0',
    dependency: 'engine',
    dependencyVersion: '8.15',
    compatible: 'compatible',
    matchedConstraint: 'same-version',
    reason: 'equals',
  },
  {
    project: 'dashboard',
    version: '8.15.1',
    dependency: 'engine',
    dependencyVersion: '8.15.0',
    compatible: 'incompatible',
    reason: 'does not equal the project version 8.15.1',
  },
  {
    project: 'dashboard',
    version: '9.0.0-rc.1',
    dependency: 'engine',
    dependencyVersion: '9.0.0rc1',
    compatible: 'compatible',
    matchedConstraint: 'same-version',
    reason: 'equals',
  },
  {
    project: 'dashboard',
    version: '16',
    dependency: 'engine',
    dependencyVersion: '16.0.0-alpine',
    compatible: 'compatible',
    matchedConstraint: 'same-version',
    reason: "'-alpine' ignored",
  },
  // unknown project, version, dependency: what is known instead
  {
    project: 'nope',
    version: '1',
    dependency: 'python',
    dependencyVersion: '3.12',
    compatible: 'unknown',
    reason: 'No project "nope"',
  },
  {
    project: 'WebApp',
    version: '2.0',
    dependency: 'python',
    dependencyVersion: '3.12',
    compatible: 'unknown',
    reason: 'Did you mean "webapp"',
  },
  {
    project: 'webapp',
    version: '2.0.1',
    dependency: 'python',
    dependencyVersion: '3.12',
    compatible: 'unknown',
    reason: 'ask for "2.0"',
  },
  {
    project: 'webapp',
    version: '3.0',
    dependency: 'python',
    dependencyVersion: '3.12',
    compatible: 'unknown',
    reason: 'nearest known version is "2.0"',
  },
  {
    project: 'webapp',
    version: '1.95',
    dependency: 'python',
    dependencyVersion: '3.12',
    compatible: 'unknown',
    reason: '"1.10" and "2.0"',
  },
  {
    project: 'webapp',
    version: 'v2',
    dependency: 'python',
    dependencyVersion: '3.12',
    compatible: 'unknown',
    reason: 'exact key',
  },
  {
    project: 'webapp',
    version: 'two',
    dependency: 'python',
    dependencyVersion: '3.12',
    compatible: 'unknown',
    reason: 'the known versions are "2.0", "1.10", "1.9"',
  },
  {
    project: 'webapp',
    version: '2.0',
    dependency: 'ruby',
    dependencyVersion: '3.3',
    compatible: 'unknown',
    reason: 'it documents "python", "postgresql"',
  },
  {
    project: 'webapp',
    version: '2.0',
    dependency: 'Python',
    dependencyVersion: '3.12',
    compatible: 'unknown',
    reason: 'no dependency "Python"',
  },
  // inherited names are ordinary unknown keys
  {
    project: '__proto__',
    version: '2.0',
    dependency: 'python',
    dependencyVersion: '3.12',
    compatible: 'unknown',
    reason: 'No project',
  },
  {
    project: 'webapp',
    version: 'constructor',
    dependency: 'python',
    dependencyVersion: '3.12',
    compatible: 'unknown',
    reason: 'no version',
  },
  {
    project: 'webapp',
    version: '2.0',
    dependency: 'toString',
    dependencyVersion: '3.12',
    compatible: 'unknown',
    reason: 'no dependency "toString"',
  },
  {
    project: 'webapp',
    version: '2.0',
    dependency: '__proto__',
    dependencyVersion: '3.12',
    compatible: 'unknown',
    reason: 'no dependency',
  },
  // since keys (docs/api.md, "Since keys"): line lookup lays them over their line's base
  ...sinceCases(),
  // names people type: the nearest ids, aliases and keys are suggested
  {
    project: 'webap',
    version: '2.0',
    dependency: 'python',
    dependencyVersion: '3.12',
    compatible: 'unknown',
    reason: 'Did you mean "webapp"?',
  },
  {
    project: 'db-operator',
    version: '1.28',
    dependency: 'pgbd',
    dependencyVersion: '18',
    compatible: 'unknown',
    reason: 'Did you mean "pgdb"?',
  },
  {
    project: 'db-operator',
    version: '1.27',
    dependency: 'platform',
    dependencyVersion: '1.33',
    compatible: 'unknown',
    reason: '"platform" names Platform, documented here as "plat"',
  },
]

/** [version, dependency, dependencyVersion, verdict, matched range, part of the reason, lookup] */
function sinceCases(): Case[] {
  const rows: readonly (readonly [
    string,
    string,
    string,
    Verdict,
    string | null,
    string,
    VersionLookup,
  ])[] = [
    [
      '1.27.0',
      'pgdb',
      '18',
      'incompatible',
      null,
      'answered from the documented DB Operator 1.27 line.',
      'line',
    ],
    [
      '1.27.2',
      'pgdb',
      '18.1',
      'compatible',
      '>=13 <19',
      'DB Operator 1.27 line with the since key 1.27.1.',
      'line',
    ],
    [
      '1.27.1',
      'pgdb',
      '18.1',
      'compatible',
      '>=13 <19',
      '1.27 line with the since key 1.27.1.',
      'line',
    ],
    [
      'v1.27.1',
      'plat',
      '1.33',
      'compatible',
      '1.33',
      '1.27 line with the since key 1.27.1.',
      'line',
    ],
    ['1.27.2', 'plat', '1.34', 'incompatible', null, 'with the since key 1.27.1.', 'line'],
    [
      '1.27.3',
      'plat',
      '1.34.2',
      'compatible',
      '1.34',
      'with the since keys 1.27.1 and 1.27.3.',
      'line',
    ],
    [
      '1.27.9',
      'pgdb',
      '18',
      'compatible',
      '>=13 <19',
      'with the since keys 1.27.1 and 1.27.3.',
      'line',
    ],
    // A plain key inside the line documents its own release: older since keys say nothing over it.
    [
      '1.27.4',
      'pgdb',
      '18',
      'unknown',
      null,
      'DB Operator 1.27.4 documents no dependency "pgdb"',
      'line',
    ],
    [
      '1.27.4',
      'platform',
      '1.35',
      'compatible',
      '1.35',
      'is in the documented 1.35 series.',
      'line',
    ],
    [
      '1.27.5',
      'pgdb',
      '18',
      'compatible',
      '>=13 <19',
      'with the since keys 1.27.1 and 1.27.3.',
      'line',
    ],
    // A pre-release is covered by no line, since keys included.
    ['1.27.5-rc.1', 'pgdb', '18', 'unknown', null, 'not pre-releases', 'line'],
    [
      '1.28.3',
      'pgdb',
      '18',
      'compatible',
      '>=14 <19',
      'answered from the documented DB Operator 1.28 line.',
      'line',
    ],
    // Exact lookup never overlays; its unknown names the keys line lookup would use.
    [
      '1.27.2',
      'pgdb',
      '18',
      'unknown',
      null,
      'line lookup would answer from "1.27" with the since key "1.27.1" laid over it',
      'exact',
    ],
    [
      '1.27.1',
      'pgdb',
      '18',
      'compatible',
      '>=13 <19',
      'satisfies the documented range ">=13 <19".',
      'exact',
    ],
    ['1.27.1', 'plat', '1.33', 'unknown', null, '"1.27.1" is a since key', 'exact'],
    [
      '1.27.0',
      'pgdb',
      '18',
      'unknown',
      null,
      'ask for "1.27", the documented key that covers it.',
      'exact',
    ],
  ]
  return rows.map(
    ([version, dependency, dependencyVersion, compatible, matchedRange, reason, lookup]) => ({
      project: 'db-operator',
      version,
      dependency,
      dependencyVersion,
      compatible,
      ...(matchedRange === null ? {} : { matchedRange }),
      reason,
      lookup,
    }),
  )
}

for (const row of CASES) {
  const label = `${row.project} ${row.version} ${row.dependency}=${row.dependencyVersion}`
  test(`${label} is ${row.compatible}: …${row.reason}…`, () => {
    const { project, version, dependency, dependencyVersion } = row
    const result = evaluateCheck(
      dataset,
      { project, version, dependency, dependencyVersion },
      row.lookup,
    )
    assert.equal(result.compatible, row.compatible, result.reason)
    assert.equal(result.matchedRange, row.matchedRange ?? null)
    assert.equal(result.matchedConstraint, row.matchedConstraint ?? null)
    assert.ok(result.reason.includes(row.reason), `"${result.reason}" should say "${row.reason}"`)
    assert.deepEqual(
      [result.project, result.version, result.dependency, result.dependencyVersion],
      [project, version, dependency, dependencyVersion],
      'the request is echoed byte for byte',
    )
  })
}

test('an undocumented dependency has relationship null, confidence low and no evidence', () => {
  const result = evaluateCheck(dataset, {
    project: 'webapp',
    version: '2.0',
    dependency: 'ruby',
    dependencyVersion: '3.3',
  })
  assert.deepEqual(
    {
      relationship: result.relationship,
      confidence: result.confidence,
      lastVerified: result.lastVerified,
      notes: result.notes,
      sources: result.sources,
    },
    { relationship: null, confidence: 'low', lastVerified: null, notes: [], sources: [] },
  )
})

test('a documented entry carries its own evidence', () => {
  const result = evaluateCheck(dataset, {
    project: 'webapp',
    version: '2.0',
    dependency: 'python',
    dependencyVersion: '3.12',
  })
  assert.equal(result.relationship, 'runtime')
  assert.equal(result.confidence, 'high')
  assert.equal(result.lastVerified, '2026-10-01')
  assert.equal(result.sources[0]?.url, 'https://example.org/webapp/docs/install')
})
