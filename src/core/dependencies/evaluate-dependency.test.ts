import assert from 'node:assert/strict'
import { test } from 'node:test'
import fc from 'fast-check'
import { fixtureDataset } from '../../../test/support/fixture-dataset.ts'
import { evaluateCheck } from '../check/evaluate-check.ts'
import { findProject } from '../dataset/build-dataset.ts'
import { dependencyIndex, evaluateDependency } from './evaluate-dependency.ts'

const dataset = fixtureDataset()

test('dependency index: one row per key as written, by key, with its link and counts', () => {
  const rows = dependencyIndex(dataset).dependencies
  const keys = rows.map((row) => row.dependency)
  assert.deepEqual(keys, [...keys].sort())
  assert.deepEqual(
    rows.find((row) => row.dependency === 'plat'),
    {
      dependency: 'plat',
      project: 'platform',
      projects: 1,
      entries: 2,
    },
  )
  assert.deepEqual(
    rows.find((row) => row.dependency === 'platform'),
    {
      dependency: 'platform',
      project: 'platform',
      projects: 1,
      entries: 4,
    },
  )
  assert.equal(rows.find((row) => row.dependency === 'kubernetes')?.project, null)
})

// [asked, version, rows as "project version key verdict?"]
const CASES: readonly (readonly [string, string | undefined, string[]])[] = [
  [
    'platform',
    '1.34.1',
    [
      'db-operator 1.29.0-rc.1 platform compatible',
      'db-operator 1.28 platform compatible',
      'db-operator 1.27.4 platform incompatible',
      'db-operator 1.27.3 plat compatible',
      'db-operator 1.27 plat incompatible',
      'db-operator 1.26 platform incompatible',
    ],
  ],
  [
    'plat',
    undefined,
    [
      'db-operator 1.29.0-rc.1 platform',
      'db-operator 1.28 platform',
      'db-operator 1.27.4 platform',
      'db-operator 1.27.3 plat',
      'db-operator 1.27 plat',
      'db-operator 1.26 platform',
    ],
  ],
  ['etcd', '3.6.1', ['platform 1.34 etcd compatible', 'platform 1.33 etcd incompatible']],
  [
    'pgdb',
    '18-alpine',
    [
      'db-operator 1.29.0-rc.1 pgdb compatible',
      'db-operator 1.28 pgdb compatible',
      'db-operator 1.27.1 pgdb compatible',
      'db-operator 1.27 pgdb incompatible',
      'db-operator 1.26 pgdb incompatible',
    ],
  ],
]

for (const [asked, version, rows] of CASES) {
  test(`dependency ${asked}${version === undefined ? '' : ` at ${version}`}`, () => {
    const view = evaluateDependency(dataset, {
      dependency: asked,
      ...(version === undefined ? {} : { version }),
      date: '2026-11-28',
    })
    assert.ok(!('unknown' in view), 'unknown' in view ? view.unknown : '')
    assert.equal(view.dependency, asked)
    assert.equal(view.version, version ?? null)
    assert.deepEqual(
      view.entries.map((row) =>
        [row.project, row.version, row.key, row.compatible]
          .filter((part) => part !== undefined)
          .join(' '),
      ),
      rows,
    )
    if (version === undefined) {
      for (const row of view.entries) assert.ok(!('compatible' in row) && !('reason' in row))
    }
  })
}

test('dependency: a since key is marked, its evidence as documented', () => {
  const view = evaluateDependency(dataset, { dependency: 'pgdb', date: '2026-11-28' })
  assert.ok(!('unknown' in view))
  const row = view.entries.find((entry) => entry.version === '1.27.1')
  assert.equal(row?.since, true)
  assert.deepEqual(row?.ranges, ['>=13 <19'])
  assert.deepEqual(row?.constraints, [])
  assert.equal(row?.basis, 'supported')
})

// [asked, part of the reason]
const UNKNOWN: readonly (readonly [string, string])[] = [
  ['etdc', 'Did you mean "etcd"?'],
  ['nothing-like-it', 'GET /api/v1/dependencies lists the dependency keys.'],
  ['__proto__', 'No entry documents a dependency "__proto__"'],
  // A catalogued project that nothing documents as a dependency.
  ['webapp', 'No entry documents a dependency "webapp"'],
]

for (const [asked, reason] of UNKNOWN) {
  test(`dependency ${asked} is unknown: …${reason}…`, () => {
    const view = evaluateDependency(dataset, { dependency: asked, date: '2026-11-28' })
    assert.ok('unknown' in view)
    assert.ok(view.unknown.includes(reason), view.unknown)
  })
}

const everyKey = dependencyIndex(dataset).dependencies.map((row) => row.dependency)
const names = [...everyKey, 'plat', 'platform', 'nope']

test('dependency: the view lists exactly the entries whose key is the name or links to its project, each judged as a single check', () => {
  fc.assert(
    fc.property(
      fc.constantFrom(...names),
      fc.constantFrom('1.33', '18', '3.12.4', '17.2', 'latest', '1.34.0-rc.1'),
      (name, version) => {
        const view = evaluateDependency(dataset, { dependency: name, version, date: '2026-11-28' })
        const linked = findProject(dataset, name)
        const matches = (key: string) =>
          key === name || (linked !== undefined && findProject(dataset, key) === linked)
        const expected: string[] = []
        for (const [id, project] of dataset.projects) {
          for (const documented of project.versions) {
            for (const key of documented.dependencies.keys()) {
              if (matches(key)) expected.push(`${id} ${documented.key} ${key}`)
            }
          }
        }
        if (expected.length === 0) {
          assert.ok('unknown' in view)
          return
        }
        assert.ok(!('unknown' in view))
        assert.deepEqual(
          view.entries.map((row) => `${row.project} ${row.version} ${row.key}`).sort(),
          expected.sort(),
        )
        for (const row of view.entries) {
          const single = evaluateCheck(dataset, {
            project: row.project,
            version: row.version,
            dependency: row.key,
            dependencyVersion: version,
          })
          assert.equal(row.compatible, single.compatible)
          assert.equal(row.matchedRange, single.matchedRange)
          assert.equal(row.reason, single.reason)
        }
      },
    ),
  )
})
