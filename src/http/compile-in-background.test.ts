import assert from 'node:assert/strict'
import { test } from 'node:test'
import { deferredProjects } from '../../test/support/deferred-projects.ts'
import { buildLazily } from '../core/dataset/build-dataset.ts'
import { compileInBackground } from './compile-in-background.ts'

test('compileInBackground: every project is read, past one that cannot compile, which is reported', async () => {
  const reads: string[] = []
  const dataset = buildLazily(deferredProjects(['a', 'broken-b', 'c'], reads))
  const failures = await compileInBackground(dataset, new AbortController().signal)
  const failed = failures?.map(({ id, error }) => `${id}: ${error.message}`)
  assert.deepEqual(reads, ['a', 'broken-b', 'c'])
  assert.deepEqual(failed, [
    "broken-b: project 'broken-b' cannot be compiled: cannot compile broken-b",
  ])
  assert.equal(dataset.projects.get('c')?.document.id, 'c')
})

test('compileInBackground: nothing more is read once the dataset is no longer served', async () => {
  const reads: string[] = []
  const dataset = buildLazily(deferredProjects(['a', 'b'], reads))
  assert.equal(await compileInBackground(dataset, AbortSignal.abort()), null)
  assert.deepEqual(reads, [])
})

test('compileInBackground: compiling starts in a later turn of the event loop, not the caller’s', async () => {
  const reads: string[] = []
  const dataset = buildLazily(deferredProjects(['a', 'b'], reads))
  const compiling = compileInBackground(dataset, new AbortController().signal)
  assert.deepEqual(reads, [])
  assert.deepEqual(await compiling, [])
  assert.deepEqual(reads, ['a', 'b'])
})
