import assert from 'node:assert/strict'
import { test } from 'node:test'
import { fixtureDataset } from '../../../test/support/fixture-dataset.ts'
import type { Verdict } from './check-result.ts'
import { evaluateCheck } from './evaluate-check.ts'
import { evaluateCombination } from './evaluate-combination.ts'

const dataset = fixtureDataset()

const combine = (dependencies: Record<string, string>) =>
  evaluateCombination(dataset, {
    project: 'webapp',
    version: '2.0',
    dependencies: Object.entries(dependencies),
  })

// [dependencies of webapp 2.0, aggregate, reason]
const CASES: ReadonlyArray<[Record<string, string>, Verdict, string]> = [
  [{ python: '3.12' }, 'compatible', 'The one dependency is documented compatible.'],
  [
    { python: '3.12', postgresql: '16' },
    'compatible',
    'All 2 dependencies are documented compatible.',
  ],
  [
    { python: '3.12', redis: '7' },
    'unknown',
    'None is incompatible, but 1 of 2 cannot be decided: "redis".',
  ],
  [
    { python: '3.12', ruby: '3' },
    'unknown',
    'None is incompatible, but 1 of 2 cannot be decided: "ruby".',
  ],
  [{ python: '3.9' }, 'incompatible', '1 of 1 dependency is incompatible: "python".'],
  [{ python: '3.9', redis: '7' }, 'incompatible', '1 of 2 dependencies is incompatible: "python".'],
  [
    { python: '3.9', postgresql: '16', redis: '7' },
    'incompatible',
    '1 of 3 dependencies is incompatible: "python".',
  ],
  [
    { python: '3.9', postgresql: '9' },
    'incompatible',
    '2 of 2 dependencies are incompatible: "python", "postgresql".',
  ],
  [
    { redis: '7', python: '2.7', postgresql: '16' },
    'incompatible',
    '1 of 3 dependencies is incompatible: "python".',
  ],
]

for (const [dependencies, aggregate, reason] of CASES) {
  test(`${JSON.stringify(dependencies)} is ${aggregate}: incompatible if any, else unknown if any`, () => {
    const result = combine(dependencies)
    assert.equal(result.compatible, aggregate)
    assert.equal(result.reason, reason)
    assert.deepEqual(
      result.checks.map((check) => check.dependency),
      Object.keys(dependencies),
    )
  })
}

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

// One dependency's remembered versions start over after a bound; a check asked again after
// that, or before it, is the check decided afresh.
test('remembered checks answer as checks decided afresh, past the per-dependency bound', () => {
  const versions = Array.from({ length: 150 }, (_, index) => `3.${index % 15}.${index}`)
  const first = versions.map((version) => combine({ python: version, postgresql: '16' }))
  const again = versions.map((version) => combine({ python: version, postgresql: '16' }))
  for (const [index, version] of versions.entries()) {
    const single = evaluateCheck(dataset, {
      project: 'webapp',
      version: '2.0',
      dependency: 'python',
      dependencyVersion: version,
    })
    const { project: _project, version: _version, ...expected } = single
    assert.deepEqual(first[index]?.checks[0], expected, version)
    assert.deepEqual(again[index]?.checks[0], expected, version)
  }
})
