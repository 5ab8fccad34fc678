import assert from 'node:assert/strict'
import { readFileSync } from 'node:fs'
import { test } from 'node:test'
import { parse } from 'yaml'
import { buildDataset } from '../dataset/build-dataset.ts'
import type { ProjectDocument } from '../dataset/schema.ts'
import { validateDocument } from '../dataset/validate-document.ts'
import { evaluateCheck, evaluateCombination } from './evaluate-check.ts'

const documents = ['webapp', 'dashboard'].map((id) => {
  const document = parse(
    readFileSync(new URL(`../../../test/fixtures/data/${id}.yaml`, import.meta.url), 'utf8'),
  ) as ProjectDocument
  assert.deepEqual(validateDocument(document, id), [])
  return document
})
const dataset = buildDataset(documents)

// [project, version, dependency, dependencyVersion, compatible, matchedRange, matchedConstraint, reason contains]
const CASES: ReadonlyArray<
  [string, string, string, string, string, string | null, string | null, string]
> = [
  // a comparator set matches; the first matching range (document order) is reported
  [
    'webapp',
    '2.0',
    'python',
    '3.11.4',
    'compatible',
    '>=3.10 <3.13',
    null,
    'satisfies the documented range ">=3.10 <3.13"',
  ],
  [
    'webapp',
    '2.0',
    'python',
    '3.13.1',
    'compatible',
    '3.13',
    null,
    'in the documented 3.13 series',
  ],
  ['webapp', '2.0', 'python', 'v3.12', 'compatible', '>=3.10 <3.13', null, 'v3.12'],
  // classic traps
  [
    'webapp',
    '2.0',
    'python',
    '3.9.18',
    'incompatible',
    null,
    null,
    'matches none of the documented ranges',
  ],
  ['webapp', '2.0', 'python', '3.110', 'incompatible', null, null, 'matches none'],
  ['webapp', '1.10', 'python', '3.13.0rc1', 'incompatible', null, null, 'fails the bound <3.13'],
  [
    'webapp',
    '1.10',
    'python',
    '3.12.0rc1',
    'unknown',
    null,
    null,
    'evidence covers final releases only',
  ],
  [
    'webapp',
    '1.10',
    'python',
    '3.13',
    'incompatible',
    null,
    null,
    'fails the bound <3.13 of the documented range ">=3.9 <3.13"',
  ],
  ['webapp', '1.10', 'python', '3.8', 'incompatible', null, null, 'fails the bound >=3.9'],
  ['webapp', '1.9', 'python', '3.8.0', 'compatible', '>=3.8 <3.12', null, 'satisfies'],
  // flavors and build metadata are ignored, and the reason says so
  [
    'webapp',
    '2.0',
    'postgresql',
    '16.4-alpine',
    'compatible',
    '>=14',
    null,
    "compared as 16.4; '-alpine' ignored",
  ],
  ['webapp', '2.0', 'postgresql', '16.4+build.1', 'compatible', '>=14', null, "'+build.1' ignored"],
  [
    'webapp',
    '2.0',
    'postgresql',
    '13.9-bookworm',
    'incompatible',
    null,
    null,
    "'-bookworm' ignored",
  ],
  ['webapp', '2.0', 'postgresql', '9007199254740993', 'compatible', '>=14', null, 'satisfies'],
  ['webapp', '2.0', 'mariadb', '10.11.6-MariaDB', 'compatible', '10.11', null, 'series'],
  ['webapp', '2.0', 'mariadb', '10.1', 'incompatible', null, null, 'matches none'],
  // a range naming a pre-release matches that pre-release only
  ['webapp', '2.0', 'nodejs', '2.1.0-rc.1', 'compatible', '2.1.0-rc.1', null, 'series'],
  ['webapp', '2.0', 'nodejs', '2.1.0', 'incompatible', null, null, 'matches none'],
  ['webapp', '2.0', 'nodejs', '21.0.0', 'incompatible', null, null, 'matches none'],
  ['webapp', '2.0', 'nodejs', '22.11.0', 'compatible', '>=20 !=21.0.0 <23', null, 'satisfies'],
  // outside the grammar
  ['webapp', '2.0', 'python', 'latest', 'incompatible', null, null, 'not a recognizable version'],
  ['webapp', '2.0', 'python', '3.x', 'incompatible', null, null, 'not a recognizable version'],
  // an entry with neither ranges nor constraints cannot decide
  [
    'webapp',
    '2.0',
    'redis',
    '7.2',
    'unknown',
    null,
    null,
    'documents no compatible range or constraint',
  ],
  // same-version
  [
    'dashboard',
    '8.15.1',
    'engine',
    '8.15.1',
    'compatible',
    null,
    'same-version',
    'equals the project version',
  ],
  ['dashboard', '8.15.1', 'engine', 'v8.15.1', 'compatible', null, 'same-version', 'equals'],
  ['dashboard', '8.15.0', 'engine', '8.15', 'compatible', null, 'same-version', 'equals'],
  [
    'dashboard',
    '8.15.1',
    'engine',
    '8.15.0',
    'incompatible',
    null,
    null,
    'does not equal the project version 8.15.1',
  ],
  ['dashboard', '9.0.0-rc.1', 'engine', '9.0.0rc1', 'compatible', null, 'same-version', 'equals'],
  [
    'dashboard',
    '16',
    'engine',
    '16.0.0-alpine',
    'compatible',
    null,
    'same-version',
    "'-alpine' ignored",
  ],
  // unknown project, version, dependency: what is known instead
  ['nope', '1', 'python', '3.12', 'unknown', null, null, 'No project "nope"'],
  ['WebApp', '2.0', 'python', '3.12', 'unknown', null, null, 'Did you mean "webapp"'],
  ['webapp', '2.0.1', 'python', '3.12', 'unknown', null, null, 'ask for "2.0"'],
  ['webapp', '3.0', 'python', '3.12', 'unknown', null, null, 'nearest known version is "2.0"'],
  ['webapp', '1.95', 'python', '3.12', 'unknown', null, null, '"1.10" and "2.0"'],
  ['webapp', 'v2', 'python', '3.12', 'unknown', null, null, 'exact key'],
  [
    'webapp',
    'two',
    'python',
    '3.12',
    'unknown',
    null,
    null,
    'the known versions are "2.0", "1.10", "1.9"',
  ],
  ['webapp', '2.0', 'ruby', '3.3', 'unknown', null, null, 'it documents "python", "postgresql"'],
  ['webapp', '2.0', 'Python', '3.12', 'unknown', null, null, 'no dependency "Python"'],
  // inherited names are ordinary unknown keys
  ['__proto__', '2.0', 'python', '3.12', 'unknown', null, null, 'No project'],
  ['webapp', 'constructor', 'python', '3.12', 'unknown', null, null, 'no version'],
  ['webapp', '2.0', 'toString', '3.12', 'unknown', null, null, 'no dependency "toString"'],
  ['webapp', '2.0', '__proto__', '3.12', 'unknown', null, null, 'no dependency'],
]

test('evaluateCheck follows CONTRACT §3–4 and says why', () => {
  for (const [
    project,
    version,
    dependency,
    dependencyVersion,
    compatible,
    matchedRange,
    matchedConstraint,
    reason,
  ] of CASES) {
    const label = `${project} ${version} ${dependency}=${dependencyVersion}`
    const result = evaluateCheck(dataset, { project, version, dependency, dependencyVersion })
    assert.equal(result.compatible, compatible, `${label}: ${result.reason}`)
    assert.equal(result.matchedRange, matchedRange, label)
    assert.equal(result.matchedConstraint, matchedConstraint, label)
    assert.ok(
      result.reason.includes(reason),
      `${label}: "${result.reason}" should contain "${reason}"`,
    )
    assert.deepEqual(
      [result.project, result.version, result.dependency, result.dependencyVersion],
      [project, version, dependency, dependencyVersion],
      `${label}: echo`,
    )
    assert.ok(['high', 'medium', 'low'].includes(result.confidence), `${label}: confidence`)
  }
})

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

// [dependencies, aggregate]
const AGGREGATES: ReadonlyArray<[Record<string, string>, string]> = [
  [{ python: '3.12', postgresql: '16' }, 'compatible'],
  [{ python: '3.12', redis: '7' }, 'unknown'],
  [{ python: '3.12', ruby: '3' }, 'unknown'],
  [{ python: '3.9', redis: '7' }, 'incompatible'],
  [{ redis: '7', python: '2.7', postgresql: '16' }, 'incompatible'],
]

test('the aggregate is incompatible if any check is, else unknown if any is, else compatible', () => {
  for (const [dependencies, aggregate] of AGGREGATES) {
    const result = evaluateCombination(dataset, {
      project: 'webapp',
      version: '2.0',
      dependencies: Object.entries(dependencies),
    })
    assert.equal(result.compatible, aggregate, JSON.stringify(dependencies))
    assert.deepEqual(
      result.checks.map((check) => check.dependency),
      Object.keys(dependencies),
    )
  }
})

test('combination checks keep request order, including keys JavaScript would reorder', () => {
  const result = evaluateCombination(dataset, {
    project: 'webapp',
    version: '2.0',
    dependencies: [
      ['python', '3.12'],
      ['10', '1'],
      ['__proto__', '1'],
    ],
  })
  assert.deepEqual(
    result.checks.map((check) => check.dependency),
    ['python', '10', '__proto__'],
  )
  assert.equal(Object.getOwnPropertyDescriptor(result.dependencies, '__proto__')?.value, '1')
  assert.equal(Object.getPrototypeOf(result.dependencies), null)
})

// [dependencies, summary]
const SUMMARIES: ReadonlyArray<[Record<string, string>, string]> = [
  [{ python: '3.12' }, 'The one dependency is documented compatible.'],
  [{ python: '3.12', postgresql: '16' }, 'All 2 dependencies are documented compatible.'],
  [{ python: '3.9' }, '1 of 1 dependency is incompatible: "python".'],
  [
    { python: '3.9', postgresql: '16', redis: '7' },
    '1 of 3 dependencies is incompatible: "python".',
  ],
  [
    { python: '3.9', postgresql: '9' },
    '2 of 2 dependencies are incompatible: "python", "postgresql".',
  ],
  [{ python: '3.12', redis: '7' }, 'None is incompatible, but 1 of 2 cannot be decided: "redis".'],
]

test('the combination reason sums the checks up in a sentence', () => {
  for (const [dependencies, summary] of SUMMARIES) {
    const result = evaluateCombination(dataset, {
      project: 'webapp',
      version: '2.0',
      dependencies: Object.entries(dependencies),
    })
    assert.equal(result.reason, summary)
  }
})
