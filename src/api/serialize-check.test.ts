import assert from 'node:assert/strict'
import { test } from 'node:test'
import fc from 'fast-check'
import fastJsonStringify from 'fast-json-stringify'
import { FIXTURE_DATA_DIR } from '../../test/support/fixture-app.ts'
import {
  type CombinationCheckResult,
  CombinationCheckResultSchema,
  type SingleCheckResult,
  SingleCheckResultSchema,
} from '../core/check/check-result.ts'
import { evaluateCheck } from '../core/check/evaluate-check.ts'
import { evaluateCombination } from '../core/check/evaluate-combination.ts'
import { loadDataset } from '../data/load-dataset.ts'
import {
  measuredSingleCheck,
  serializeCombinationCheck,
  serializeCombinationCheckBytes,
  serializeSingleCheck,
} from './serialize-check.ts'

/** Compiled from the response schemas: the reference JSON.stringify of a result must equal. */
const schemaSerializeSingleCheck = fastJsonStringify(SingleCheckResultSchema as object)
const schemaSerializeCombinationCheck = fastJsonStringify(CombinationCheckResultSchema as object)

const loaded = await loadDataset(FIXTURE_DATA_DIR)
assert.ok(loaded.ok)
const { dataset } = loaded.loaded

const anyText = fc.oneof(
  fc.constantFrom(
    'webapp',
    'dashboard',
    '2.0',
    '1.10',
    '8.15.1',
    'python',
    'engine',
    'redis',
    '3.12',
    '8.15.1',
    '__proto__',
  ),
  fc.string({ unit: 'grapheme', maxLength: 20 }),
  fc.string({ unit: 'binary', maxLength: 20 }),
)

// biome-ignore lint/suspicious/noControlCharactersInRegex: rejecting control characters is the point
const requestKey = anyText.filter((key) => !/[\u0000-\u001f\u007f-\u009f\u2028\u2029]/.test(key))

test('a single result written by JSON.stringify equals the schema-compiled serializer, byte for byte', () => {
  fc.assert(
    fc.property(
      anyText,
      anyText,
      anyText,
      anyText,
      (project, version, dependency, dependencyVersion) => {
        const result: SingleCheckResult = evaluateCheck(dataset, {
          project,
          version,
          dependency,
          dependencyVersion,
        })
        assert.equal(serializeSingleCheck(result), schemaSerializeSingleCheck(result))
        // the second time comes from the fragment cache
        assert.equal(serializeSingleCheck(result), schemaSerializeSingleCheck(result))
        // the length measured from the pieces is the text's, multi-byte characters included
        const measured = measuredSingleCheck(result)
        assert.equal(measured.byteLength, Buffer.byteLength(measured.json))
      },
    ),
    { numRuns: 500 },
  )
})

test('a combination result written by JSON.stringify equals the schema-compiled serializer, byte for byte', () => {
  fc.assert(
    fc.property(
      anyText,
      anyText,
      // Keys as the API accepts them: no control characters (the compiled serializer would drop
      // keys with line breaks; the assembled one keeps them).
      fc.uniqueArray(fc.tuple(requestKey, anyText), {
        minLength: 1,
        maxLength: 8,
        selector: ([key]) => key,
      }),
      (project, version, dependencies) => {
        const result: CombinationCheckResult = evaluateCombination(dataset, {
          project,
          version,
          dependencies,
        })
        const json = schemaSerializeCombinationCheck(result)
        assert.equal(serializeCombinationCheck(result), json)
        // the second and third time from kept fragments and their own bytes
        for (let time = 0; time < 3; time++) {
          assert.deepEqual(serializeCombinationCheckBytes(result), Buffer.from(json))
        }
      },
    ),
    { numRuns: 300 },
  )
})

test('a combination without checks still closes its JSON, as text and as bytes', () => {
  const result: CombinationCheckResult = {
    project: 'webapp',
    version: '2.0',
    dependencies: {},
    compatible: 'compatible',
    reason: 'Nothing to check.',
    checks: [],
  }
  const json = schemaSerializeCombinationCheck(result)
  assert.equal(serializeCombinationCheck(result), json)
  assert.deepEqual(serializeCombinationCheckBytes(result), Buffer.from(json))
})

test('every verdict and evidence an entry answers with is written as the schema describes', () => {
  // project, version, dependency, dependencyVersion, lookup: entries that share evidence lists,
  // each matched in range, out of range and through a covering line, more variants than an
  // entry keeps, asked in three orders
  const checks: [string, string, string, string, 'exact' | 'line'][] = [
    ['webapp', '2.0', 'python', '3.12.1', 'exact'],
    ['webapp', '2.0', 'python', '3.9', 'exact'],
    ['webapp', '2.0', 'python', '3.13.0', 'exact'],
    ['webapp', '2.0', 'python', 'latest', 'exact'],
    ['webapp', '2.0.4', 'python', '3.12.1', 'line'],
    ['webapp', '2.0.4', 'python', '3.9', 'line'],
    ['webapp', '1.10', 'python', '3.12', 'exact'],
    ['webapp', '1.10', 'python', '3.8', 'exact'],
    ['webapp', '1.9', 'python', '3.11.2', 'exact'],
    ['webapp', '1.9', 'python', '3.12', 'exact'],
    ['webapp', '2.0', 'postgresql', '16', 'exact'],
    ['webapp', '2.0', 'postgresql', '13', 'exact'],
    ['webapp', '2.0', 'nodejs', '22.1', 'exact'],
    ['webapp', '2.0', 'nodejs', '21.0.0', 'exact'],
    ['webapp', '2.0', 'mariadb', '10.11.6', 'exact'],
    ['webapp', '2.0', 'mariadb', '11.8', 'exact'],
    ['webapp', '2.0', 'redis', '7.2', 'exact'],
  ]
  const shuffled = checks.map(
    (_, index) => checks[(index * 7) % checks.length] as (typeof checks)[0],
  )
  for (const order of [checks, [...checks].reverse(), shuffled]) {
    for (const [project, version, dependency, dependencyVersion, lookup] of order) {
      const request = { project, version, dependency, dependencyVersion }
      const result = evaluateCheck(dataset, request, lookup)
      assert.equal(
        serializeSingleCheck(result),
        schemaSerializeSingleCheck(result),
        JSON.stringify(request),
      )
    }
  }
})
