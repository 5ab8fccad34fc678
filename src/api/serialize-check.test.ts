import assert from 'node:assert/strict'
import { test } from 'node:test'
import fc from 'fast-check'
import { FIXTURE_DATA_DIR } from '../../test/support/fixture-app.ts'
import type { CombinationCheckResult } from '../core/check/check-result.ts'
import { evaluateCheck } from '../core/check/evaluate-check.ts'
import { evaluateCombination } from '../core/check/evaluate-combination.ts'
import { loadDataset } from '../data/load-dataset.ts'
import {
  measuredSingleCheck,
  serializeCombinationCheck,
  serializeCombinationCheckBytes,
  serializeSingleCheck,
} from './serialize-check.ts'

const loaded = await loadDataset(FIXTURE_DATA_DIR)
assert.ok(loaded.ok)
const { dataset } = loaded.loaded

const anyText = fc.oneof(
  fc.constantFrom('webapp', '2.0', '1.10', 'python', '3.12', '8.15.1', '10', '__proto__'),
  fc.string({ unit: 'grapheme', maxLength: 20 }),
)

test('a single result is written whole, in the schema’s order, with its UTF-8 length', () => {
  fc.assert(
    fc.property(anyText, anyText, anyText, anyText, (project, version, dependency, dv) => {
      const result = evaluateCheck(
        dataset,
        { project, version, dependency, dependencyVersion: dv },
        'exact',
      )
      const { json, byteLength } = measuredSingleCheck(result)
      assert.equal(json, serializeSingleCheck(result))
      assert.equal(byteLength, Buffer.byteLength(json))
      assert.deepEqual(JSON.parse(json), JSON.parse(JSON.stringify(result)))
      assert.deepEqual(Object.keys(JSON.parse(json)).slice(0, 4), [
        'project',
        'version',
        'dependency',
        'dependencyVersion',
      ])
    }),
    { numRuns: 200 },
  )
})

test('a combination echoes its dependencies and lists its checks in request order', () => {
  const dependencies: [string, string][] = [
    ['python', '3.12'],
    ['postgresql', '16'],
    ['10', '1'],
  ]
  const result = evaluateCombination(
    dataset,
    { project: 'webapp', version: '2.0', dependencies },
    'exact',
  )
  const json = serializeCombinationCheck(result)
  assert.deepEqual(serializeCombinationCheckBytes(result), Buffer.from(json))
  const parsed = JSON.parse(json)
  assert.deepEqual(
    parsed.checks.map((check: { dependency: string }) => check.dependency),
    ['python', 'postgresql', '10'],
  )
  assert.deepEqual(parsed, JSON.parse(JSON.stringify(result)))
})

test('a combination without checks still closes its JSON', () => {
  const result: CombinationCheckResult = {
    project: 'webapp',
    version: '2.0',
    dependencies: {},
    compatible: 'compatible',
    reason: 'Nothing to check.',
    checks: [],
  }
  assert.equal(
    serializeCombinationCheck(result),
    '{"project":"webapp","version":"2.0","dependencies":{},"compatible":"compatible","reason":"Nothing to check.","checks":[]}',
  )
})
