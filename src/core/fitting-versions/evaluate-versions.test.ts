import assert from 'node:assert/strict'
import { test } from 'node:test'
import fc from 'fast-check'
import { fixtureDataset } from '../../../test/support/fixture-dataset.ts'
import { evaluateCombination } from '../check/evaluate-combination.ts'
import { findProject } from '../dataset/build-dataset.ts'
import { parseVersion } from '../version/parse-version.ts'
import { evaluateVersions } from './evaluate-versions.ts'

const dataset = fixtureDataset()

// [project as asked, dependencies, newestCompatible, verdicts newest first as "key:verdict"]
const CASES: readonly (readonly [string, [string, string][], string | null, string[]])[] = [
  [
    'db-operator',
    [
      ['platform', '1.34.1'],
      ['pgdb', '18.1'],
    ],
    '1.28',
    [
      // A keyed pre-release is judged, but never the newest compatible.
      '1.29.0-rc.1:compatible',
      '1.28:compatible',
      '1.27.4:incompatible',
      // Since keys are judged with their line's base laid under them.
      '1.27.3:compatible',
      '1.27.1:incompatible',
      '1.27:incompatible',
      '1.26:incompatible',
    ],
  ],
  [
    'dbo',
    [['plat', '1.33']],
    '1.28',
    [
      '1.29.0-rc.1:incompatible',
      '1.28:compatible',
      '1.27.4:incompatible',
      '1.27.3:compatible',
      '1.27.1:compatible',
      '1.27:compatible',
      '1.26:compatible',
    ],
  ],
  [
    'db-operator',
    [['pgdb', '16']],
    '1.28',
    [
      '1.29.0-rc.1:compatible',
      '1.28:compatible',
      '1.27.4:unknown',
      '1.27.3:compatible',
      '1.27.1:compatible',
      '1.27:compatible',
      '1.26:compatible',
    ],
  ],
  [
    'webapp',
    [['python', '2.7']],
    null,
    ['2.0:incompatible', '1.10:incompatible', '1.9:incompatible'],
  ],
  ['webapp', [['redis', '7']], null, ['2.0:unknown', '1.10:unknown', '1.9:unknown']],
]

for (const [project, dependencies, newest, verdicts] of CASES) {
  test(`versions: ${project} with ${dependencies.map((pair) => pair.join('=')).join(', ')} → newest compatible ${newest}`, () => {
    const result = evaluateVersions(dataset, { project, dependencies, date: '2026-11-28' })
    assert.ok(result !== undefined)
    assert.equal(result.project, project, 'the project is echoed as asked')
    assert.deepEqual(Object.entries(result.dependencies), dependencies)
    assert.equal(result.newestCompatible, newest)
    assert.deepEqual(
      result.versions.map((version) => `${version.version}:${version.compatible}`),
      verdicts,
    )
  })
}

test('versions: a name linking to a project finds the entry keyed by its other name', () => {
  const result = evaluateVersions(dataset, {
    project: 'db-operator',
    dependencies: [['plat', '1.33']],
    date: '2026-11-28',
  })
  const row = result?.versions.find((version) => version.version === '1.26')
  assert.equal(row?.checks[0]?.key, 'platform')
  assert.match(row?.checks[0]?.reason ?? '', /"plat" is documented here as "platform"/)
  const since = result?.versions.find((version) => version.version === '1.27.3')
  assert.equal(since?.since, true)
  assert.match(since?.checks[0]?.reason ?? '', /with the since keys 1\.27\.1 and 1\.27\.3/)
})

test('versions: an unknown project is undefined (a 404), an alias answers as the project', () => {
  assert.equal(
    evaluateVersions(dataset, { project: 'nope', dependencies: [['a', '1']], date: '2026-11-28' }),
    undefined,
  )
  assert.equal(
    evaluateVersions(dataset, {
      project: 'toString',
      dependencies: [['a', '1']],
      date: '2026-11-28',
    }),
    undefined,
  )
})

const projectIds = [...dataset.projects.keys()]
const names = [
  'platform',
  'plat',
  'pgdb',
  'python',
  'kubernetes',
  'postgresql',
  'etcd',
  'nope',
  '__proto__',
]
const versions = [
  '1.33',
  '1.34.1',
  '18',
  '16.2',
  '3.12',
  '3.9',
  '1.31',
  '17',
  'latest',
  '18.0-rc1',
  '7',
]

test('versions: each row is its key judged as a combination; newestCompatible is the newest final key that is compatible', () => {
  fc.assert(
    fc.property(
      fc.constantFrom(...projectIds),
      fc.uniqueArray(fc.tuple(fc.constantFrom(...names), fc.constantFrom(...versions)), {
        minLength: 1,
        maxLength: 4,
        selector: ([name]) => name,
      }),
      (project, dependencies) => {
        const result = evaluateVersions(dataset, { project, dependencies, date: '2026-11-28' })
        assert.ok(result !== undefined)
        const compiled = findProject(dataset, project)
        assert.deepEqual(
          result.versions.map((row) => row.version),
          compiled?.versions.map((version) => version.key),
          'every documented key, newest first',
        )
        let seenCompatibleFinal = false
        for (const row of result.versions) {
          assert.equal(row.checks.length, dependencies.length)
          // A key without since and no link needed: the same verdict as the combination check.
          const plain = compiled?.versionsByKey.get(row.version)
          if (
            plain?.since === false &&
            dependencies.every(([name]) => plain.dependencies.has(name))
          ) {
            const combination = evaluateCombination(dataset, {
              project,
              version: row.version,
              dependencies,
            })
            assert.equal(row.compatible, combination.compatible, row.version)
          }
          const isFinal = parseVersion(row.version)?.pre === null
          if (!seenCompatibleFinal && isFinal && row.compatible === 'compatible') {
            assert.equal(
              result.newestCompatible,
              row.version,
              'the first compatible final key is the newest',
            )
            seenCompatibleFinal = true
          }
        }
        if (!seenCompatibleFinal) assert.equal(result.newestCompatible, null)
      },
    ),
  )
})

test('versions: each row carries its line’s status on the day; the newest supported compatible key is named', () => {
  const ask = (date: string) =>
    evaluateVersions(dataset, { project: 'platform', dependencies: [['etcd', '3.5.1']], date })
  const early = ask('2026-05-01')
  assert.deepEqual(
    early?.versions.map((row) => [row.version, row.compatible, row.status]),
    [
      ['1.34', 'compatible', 'supported'],
      ['1.33', 'compatible', 'supported'],
    ],
  )
  assert.equal(early?.newestSupportedCompatible, '1.34')
  const late = ask('2026-11-28')
  assert.equal(late?.date, '2026-11-28')
  assert.equal(late?.newestCompatible, '1.34')
  assert.equal(late?.newestSupportedCompatible, null, 'both lines are end of life')
  const noLifecycle = evaluateVersions(dataset, {
    project: 'webapp',
    dependencies: [['python', '3.12']],
    date: '2026-11-28',
  })
  assert.ok(noLifecycle?.versions.every((row) => row.status === 'unknown'))
  assert.equal(noLifecycle?.newestSupportedCompatible, null)
})
