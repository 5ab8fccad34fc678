import assert from 'node:assert/strict'
import { test } from 'node:test'
import { fixtureDataset } from '../../../test/support/fixture-dataset.ts'
import { unknownTargets } from './unknown-targets.ts'

const dataset = fixtureDataset()
const STACK: [string, string][] = [
  ['plat', '1.33.2'],
  ['my-service', '2.0'],
]

// [target names, the names refused with their nearest names]
const CASES: readonly (readonly [readonly string[], readonly (readonly [string, string[]])[]])[] = [
  [['platform'], []],
  [['plat'], []],
  [['pgdb'], []],
  [['my-service'], []],
  [['platfrom'], [['platfrom', ['platform']]]],
  [['my-servic'], [['my-servic', ['my-service']]]],
  [['zzz', 'platform'], [['zzz', []]]],
]

for (const [names, refused] of CASES) {
  test(`a plan target ${names.join(', ')}: ${refused.length === 0 ? 'placed' : 'refused'}`, () => {
    const found = unknownTargets(dataset, {
      components: STACK,
      target: names.map((name): [string, string] => [name, '1']),
      unknown: 'block',
    })
    assert.deepEqual(
      found.map(({ name, nearest }) => [name, [...nearest]]),
      refused,
    )
  })
}
