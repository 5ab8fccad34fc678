import assert from 'node:assert/strict'
import { test } from 'node:test'
import fc from 'fast-check'
import fastJsonStringify from 'fast-json-stringify'
import { fixtureDataset } from '../../test/support/fixture-dataset.ts'
import { dependencyIndex, evaluateDependency } from '../core/dependencies/evaluate-dependency.ts'
import { evaluateVersions } from '../core/fitting-versions/evaluate-versions.ts'
import { evaluateStack } from '../core/stack/evaluate-stack.ts'
import {
  DependencyIndexSchema,
  DependencyViewSchema,
  StackResultSchema,
  VersionsResultSchema,
} from './response-schemas.ts'
import { serializeAnswer } from './serialize-answer.ts'

/** Compiled from the response schemas: the reference the engine's output must equal. */
const bySchema = {
  versions: fastJsonStringify(VersionsResultSchema as object),
  index: fastJsonStringify(DependencyIndexSchema as object),
  view: fastJsonStringify(DependencyViewSchema as object),
  stack: fastJsonStringify(StackResultSchema as object),
}

const dataset = fixtureDataset()

// The reference serializer writes only a record's keys that match `^.*$`: names holding a line
// terminator (legal, but never real) are left to the check serializer's tests.
const names = fc
  .oneof(
    fc.constantFrom(
      'platform',
      'plat',
      'dbo',
      'db-operator',
      'pgdb',
      'webapp',
      'python',
      'etcd',
      '10',
      '__proto__',
    ),
    fc.string({ unit: 'grapheme', minLength: 1, maxLength: 12 }),
  )
  .filter((name) => !/[\n\r\u2028\u2029]/.test(name))

const versions = fc.oneof(
  fc.constantFrom('1.33.2', 'v1.27.1', '18.1', '3.12', '2.0', '16-alpine', 'latest'),
  fc.string({ unit: 'grapheme', minLength: 1, maxLength: 12 }),
)
const pairs = fc.uniqueArray(fc.tuple(names, versions), {
  minLength: 1,
  maxLength: 6,
  selector: ([name]) => name,
})

test('versions answers are written as their schema describes them, byte for byte', () => {
  fc.assert(
    fc.property(
      fc.constantFrom('dbo', 'webapp', 'platform', 'cloud-operator'),
      pairs,
      (project, dependencies) => {
        const result = evaluateVersions(dataset, { project, dependencies, date: '2026-11-28' })
        assert.ok(result !== undefined)
        assert.equal(serializeAnswer(result), bySchema.versions(result))
      },
    ),
  )
})

test('dependency answers are written as their schema describes them, byte for byte', () => {
  const index = dependencyIndex(dataset)
  assert.equal(serializeAnswer(index), bySchema.index(index))
  fc.assert(
    fc.property(names, fc.option(versions, { nil: undefined }), (dependency, version) => {
      const view = evaluateDependency(dataset, {
        dependency,
        ...(version === undefined ? {} : { version }),
        date: '2026-11-28',
      })
      if ('unknown' in view) return
      assert.equal(serializeAnswer(view), bySchema.view(view))
    }),
  )
})

test('stack answers are written as their schema describes them, byte for byte', () => {
  fc.assert(
    fc.property(pairs, (components) => {
      const result = evaluateStack(dataset, { components })
      assert.equal(serializeAnswer(result), bySchema.stack(result))
    }),
  )
})
