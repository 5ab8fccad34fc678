import assert from 'node:assert/strict'
import { test } from 'node:test'
import { entry } from '../../../test/support/document-builders.ts'
import { buildDataset } from '../dataset/build-dataset.ts'
import type { ProjectDocument } from '../dataset/schema.ts'
import { evaluateScan } from './evaluate-scan.ts'
import type { Declaration, Declared } from './scan-declaration.ts'

const DAY = '2026-11-28'

const dataset = buildDataset([
  {
    id: 'runtime',
    name: 'Runtime',
    aliases: ['rt'],
    categories: ['runtime'],
    website: 'https://example.org',
    identifiers: [{ purl: 'pkg:docker/library/rt' }],
    versions: {},
    lifecycle: {
      confidence: 'high',
      lastVerified: DAY,
      sources: [],
      lines: {
        '1': { released: '2019-01-01', supportUntil: '2020-12-31' },
        '2': {
          released: '2022-01-01',
          activeSupportUntil: '2026-01-01',
          supportUntil: '2027-12-31',
          latest: '2.9.1',
        },
        '3': { released: '2025-01-01', supportUntil: null },
      },
    },
  },
  {
    id: 'app',
    name: 'App',
    categories: ['web'],
    website: 'https://example.org',
    versions: { '5.0': { dependencies: { runtime: entry({ ranges: ['>=2.5'] }) } } },
  },
] as unknown as ProjectDocument[])

const at = (line: number, file = 'Dockerfile') => ({ file, line })
const declaration = (
  component: string,
  declared: Declared,
  line: number,
  extra: Partial<Declaration> = {},
): Declaration => ({
  component,
  kind: 'version-file',
  text: component,
  declared,
  location: at(line),
  ...extra,
})

// [declaration, project, release line, status, the rule of its problem (null: none)]
const CASES: readonly (readonly [
  Declaration,
  string | null,
  string | null,
  string,
  string | null,
])[] = [
  [declaration('runtime', { version: '1.4' }, 1), 'runtime', '1', 'end-of-life', 'end-of-life'],
  [declaration('rt', { version: '2' }, 2), 'runtime', '2', 'security-only', 'security-only'],
  [declaration('runtime', { version: '3.1' }, 3), 'runtime', '3', 'supported', null],
  [declaration('runtime', { version: '4' }, 4), 'runtime', null, 'unknown', null],
  [
    declaration('runtime', { range: '>=1', ranges: ['>=1'] }, 5),
    'runtime',
    '1',
    'end-of-life',
    'range-admits-end-of-life',
  ],
  [
    declaration('runtime', { range: '>=2', ranges: ['>=2'] }, 6),
    'runtime',
    '2',
    'security-only',
    null,
  ],
  [declaration('runtime', { unknown: 'latest' }, 7), 'runtime', null, 'unknown', 'unknown-version'],
  [declaration('alpine', { unknown: 'latest' }, 8), null, null, 'unknown', null],
  [
    declaration('whatever', { version: '1.1' }, 9, {
      purl: 'pkg:docker/library/rt',
      kind: 'image',
    }),
    'runtime',
    '1',
    'end-of-life',
    'end-of-life',
  ],
  // A docker purl says which image it is: the name never matches in its place.
  [
    declaration('runtime', { version: '1.1' }, 10, { purl: 'pkg:docker/library/other' }),
    null,
    null,
    'unknown',
    null,
  ],
]

for (const [given, project, line, status, rule] of CASES) {
  test(`${given.component} ${JSON.stringify(given.declared)}: ${project ?? 'no project'}, ${status}, ${rule ?? 'no problem'}`, () => {
    const { findings, problems } = evaluateScan(dataset, [given], DAY)
    assert.equal(findings.length, 1)
    const [finding] = findings
    assert.equal(finding?.project, project)
    assert.equal(finding?.releaseLine, line)
    assert.equal(finding?.status, status)
    assert.deepEqual(
      problems.map((problem) => problem.rule),
      rule === null ? [] : [rule],
    )
    for (const problem of problems) assert.deepEqual(problem.locations, [given.location])
  })
}

test('a finding has the version or the range, never both', () => {
  const { findings } = evaluateScan(
    dataset,
    [
      declaration('runtime', { version: '3' }, 1),
      declaration('runtime', { range: '>=3', ranges: ['>=3'] }, 2),
    ],
    DAY,
  )
  assert.deepEqual(
    findings.map((finding) => [finding.version, finding.range]),
    [
      ['3', undefined],
      [undefined, '>=3'],
    ],
  )
})

test('a lockfile package no catalogued project matches is no finding', () => {
  const { findings } = evaluateScan(
    dataset,
    [
      declaration('left-pad', { version: '1.3.0' }, 1, { kind: 'lockfile', onlyCatalogued: true }),
      declaration('app', { version: '5.0' }, 2, { kind: 'lockfile', onlyCatalogued: true }),
    ],
    DAY,
  )
  assert.deepEqual(
    findings.map((finding) => finding.component),
    ['app'],
  )
})

test('pinned versions the evidence calls incompatible are one problem, located at both ends', () => {
  const { problems } = evaluateScan(
    dataset,
    [
      declaration('app', { version: '5.0' }, 3, { location: at(3, 'package-lock.json') }),
      declaration('runtime', { version: '2.1' }, 1, { location: at(1, '.nvmrc') }),
      declaration('rt', { version: '2.1.0' }, 4, { location: at(4, 'Dockerfile') }),
      declaration('runtime', { version: '2.1' }, 9, { location: at(9, 'ci.yml') }),
    ],
    DAY,
  )
  const incompatible = problems.filter((problem) => problem.rule === 'incompatible')
  assert.equal(incompatible.length, 2, 'one problem a distinct version pair')
  // Each end's lines, in file order: every line that pins 2.1, then the one that pins 5.0.
  assert.deepEqual(incompatible[0]?.locations, [
    at(1, '.nvmrc'),
    at(9, 'ci.yml'),
    at(3, 'package-lock.json'),
  ])
  assert.match(
    incompatible[0]?.message ?? '',
    /^Runtime 2\.1 and App 5\.0 are documented incompatible: /,
  )
})

test('a pin that names a whole line is judged at its newest release: runtime 2 runs 2.9.1, which App 5.0 admits', () => {
  const { problems } = evaluateScan(
    dataset,
    [declaration('app', { version: '5.0' }, 1), declaration('runtime', { version: '2' }, 2)],
    DAY,
  )
  assert.deepEqual(
    problems.map((problem) => problem.rule),
    ['security-only'],
  )
})

test('findings in file and line order, problems in rule order', () => {
  const { findings, problems } = evaluateScan(
    dataset,
    [
      declaration('runtime', { unknown: 'latest' }, 2, { location: at(2, 'b') }),
      declaration('runtime', { version: '1' }, 9, { location: at(9, 'b') }),
      declaration('runtime', { version: '2' }, 1, { location: at(1, 'b') }),
      declaration('runtime', { version: '1' }, 5, { location: at(5, 'a') }),
    ],
    DAY,
  )
  assert.deepEqual(
    findings.map((finding) => `${finding.location.file}:${finding.location.line}`),
    ['a:5', 'b:1', 'b:2', 'b:9'],
  )
  assert.deepEqual(
    problems.map(
      (problem) => `${problem.rule} ${problem.locations[0]?.file}:${problem.locations[0]?.line}`,
    ),
    ['end-of-life a:5', 'end-of-life b:9', 'security-only b:1', 'unknown-version b:2'],
  )
})
