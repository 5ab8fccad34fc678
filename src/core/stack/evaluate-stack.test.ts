import assert from 'node:assert/strict'
import { test } from 'node:test'
import fc from 'fast-check'
import { fixtureDataset } from '../../../test/support/fixture-dataset.ts'
import { aggregateVerdicts } from '../check/aggregate-verdicts.ts'
import type { Verdict } from '../check/check-result.ts'
import { evaluateCheck } from '../check/evaluate-check.ts'
import { evaluateStack } from './evaluate-stack.ts'

const dataset = fixtureDataset()

interface Case {
  readonly name: string
  readonly components: [string, string][]
  readonly compatible: Verdict
  /** Each pair as "A→B verdict". */
  readonly pairs: string[]
  readonly unpaired: string[]
  /** A part of the stack's reason. */
  readonly reason: string
}

const CASES: readonly Case[] = [
  {
    name: 'deployed versions resolve by line, since keys laid over, names linked',
    components: [
      ['platform', '1.33.2'],
      ['dbo', 'v1.27.1'],
      ['pgdb', '17.2'],
    ],
    compatible: 'compatible',
    pairs: ['dbo→platform compatible', 'dbo→pgdb compatible'],
    unpaired: [],
    reason: 'All 2 pairs are documented compatible.',
  },
  {
    name: 'one incompatible pair decides',
    components: [
      ['pgdb', '18.1'],
      ['db-operator', '1.27.0'],
      ['plat', '1.33'],
    ],
    compatible: 'incompatible',
    pairs: ['db-operator→pgdb incompatible', 'db-operator→plat compatible'],
    unpaired: [],
    reason: '1 of 2 pairs is incompatible: db-operator → pgdb.',
  },
  {
    name: 'the since key 1.27.1 brings PG DB 18',
    components: [
      ['pgdb', '18.1'],
      ['db-operator', '1.27.2'],
    ],
    compatible: 'compatible',
    pairs: ['db-operator→pgdb compatible'],
    unpaired: [],
    reason: 'The one pair is documented compatible.',
  },
  {
    name: 'nothing catalogued: unknown with empty pairs, not an error',
    components: [
      ['redis', '7.2'],
      ['nginx', '1.27'],
    ],
    compatible: 'unknown',
    pairs: [],
    unpaired: ['redis', 'nginx'],
    reason: 'No component documents another',
  },
  {
    name: 'a catalogued component whose version no key covers makes the stack unknown',
    components: [
      ['db-operator', '1.28.1'],
      ['platform', '1.33.2'],
      ['pgdb', '16.4'],
    ],
    compatible: 'unknown',
    pairs: ['db-operator→platform compatible', 'db-operator→pgdb compatible'],
    unpaired: [],
    reason: '"pgdb" is catalogued, but nothing documented covers its version.',
  },
  {
    name: 'a typo is suggested, and the component is unpaired',
    components: [
      ['db-operator', '1.28'],
      ['pgbd', '18'],
    ],
    compatible: 'unknown',
    pairs: [],
    unpaired: ['db-operator', 'pgbd'],
    reason: '"pgbd" (did you mean "pgdb"?)',
  },
]

for (const row of CASES) {
  test(`stack: ${row.name}`, () => {
    const result = evaluateStack(dataset, { components: row.components })
    assert.deepEqual(Object.entries(result.components), row.components, 'echoed in request order')
    assert.equal(result.compatible, row.compatible, result.reason)
    assert.deepEqual(
      result.pairs.map((pair) => `${pair.project}→${pair.dependency} ${pair.compatible}`),
      row.pairs,
    )
    assert.deepEqual(result.unpaired, row.unpaired)
    assert.ok(result.reason.includes(row.reason), result.reason)
    assert.deepEqual(
      Object.keys(result.resolved),
      row.components.map(([name]) => name),
    )
  })
}

test('stack: resolved names the project, the answering key and why', () => {
  const result = evaluateStack(dataset, {
    components: [
      ['dbo', 'v1.27.5'],
      ['platform', '1.33.2'],
      ['redis', '7'],
      ['pgdb', '19'],
    ],
  })
  assert.deepEqual(result.resolved.dbo, {
    project: 'db-operator',
    key: '1.27.3',
    reason:
      'DB Operator v1.27.5 has no entry of its own; answered from the documented DB Operator 1.27 line with the since keys 1.27.1 and 1.27.3.',
  })
  assert.equal(result.resolved.platform?.key, '1.33')
  assert.equal(result.resolved.redis, null)
  assert.equal(result.resolved.pgdb?.key, null)
  assert.match(result.resolved.pgdb?.reason ?? '', /no line that covers it/)
  const pair = result.pairs.find((candidate) => candidate.dependency === 'platform')
  assert.equal(pair?.key, 'plat')
  assert.equal(pair?.version, 'v1.27.5', 'versions as sent')
  assert.equal(
    pair?.sources[0]?.title,
    'DB Operator 1.27.3 release notes',
    'the since key’s evidence',
  )
})

const components = [
  ['platform', ['1.33.2', '1.34', '1.35.1', '2.0']],
  ['plat', ['1.33', '1.34.0']],
  ['db-operator', ['1.26.4', '1.27.0', 'v1.27.2', '1.27.4', '1.28.1', '1.29.0-rc.1', '0.9']],
  ['dbo', ['1.27.3', '1.28']],
  ['pgdb', ['16.4', '17.2', '18.1', '19']],
  ['webapp', ['2.0', '1.9']],
  ['python', ['3.12.4', '3.9']],
  ['redis', ['7.2']],
  ['etcd', ['3.5.9', '3.6.1']],
] as const

test('stack: the verdict is the aggregate of its pairs, each pair the single check of its entry by line', () => {
  fc.assert(
    fc.property(
      fc.uniqueArray(fc.integer({ min: 0, max: components.length - 1 }), {
        minLength: 1,
        maxLength: 6,
      }),
      fc.infiniteStream(fc.nat()),
      (indexes, picks) => {
        const stack: [string, string][] = indexes.map((index) => {
          const [name, versions] = components[index] as (typeof components)[number]
          return [name, versions[(picks.next().value as number) % versions.length] as string]
        })
        const result = evaluateStack(dataset, { components: stack })
        for (const pair of result.pairs) {
          const single = evaluateCheck(
            dataset,
            {
              project: pair.project,
              version: pair.version,
              dependency: pair.key,
              dependencyVersion: pair.dependencyVersion,
            },
            'line',
          )
          assert.equal(pair.compatible, single.compatible)
          assert.equal(pair.matchedRange, single.matchedRange)
        }
        const unresolved = Object.values(result.resolved).some(
          (resolved) => resolved !== null && resolved.key === null,
        )
        const byPairs = aggregateVerdicts(result.pairs)
        const expected =
          byPairs === 'incompatible'
            ? 'incompatible'
            : result.pairs.length === 0 || unresolved
              ? 'unknown'
              : byPairs
        assert.equal(result.compatible, expected)
        const paired = new Set(result.pairs.flatMap((pair) => [pair.project, pair.dependency]))
        assert.deepEqual(
          result.unpaired,
          stack.map(([name]) => name).filter((name) => !paired.has(name)),
        )
      },
    ),
  )
})
