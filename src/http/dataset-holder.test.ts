import assert from 'node:assert/strict'
import { test } from 'node:test'
import { deferredProjects } from '../../test/support/deferred-projects.ts'
import { buildLazily, type Dataset } from '../core/dataset/build-dataset.ts'
import type { LoadedDataset } from '../data/load-dataset.ts'
import { DatasetHolder } from './dataset-holder.ts'

/** When the datasets below were loaded: a fixed date, not the clock's. */
const LOADED_AT = new Date('2026-11-26T12:00:00Z')

/** A loaded dataset as the holder serves it. */
function loaded(dataset: Dataset): LoadedDataset {
  return { dataset, contentHash: 'x'.repeat(64), loadedAt: LOADED_AT, files: [] }
}

test('DatasetHolder: a replaced dataset stops compiling; the new one compiles', async () => {
  const oldReads: string[] = []
  const newReads: string[] = []
  const holder = new DatasetHolder()
  holder.replace(loaded(buildLazily(deferredProjects(['a', 'b'], oldReads))))
  const compilingOld = holder.compileBetweenRequests()
  holder.replace(loaded(buildLazily(deferredProjects(['c'], newReads))))
  assert.deepEqual(await Promise.all([compilingOld, holder.compileBetweenRequests()]), [null, []])
  assert.deepEqual(oldReads, [])
  assert.deepEqual(newReads, ['c'])
})

test('DatasetHolder: compiling ends when the server stops', async () => {
  const reads: string[] = []
  const holder = new DatasetHolder()
  holder.replace(loaded(buildLazily(deferredProjects(['a', 'b'], reads))))
  assert.equal(await holder.compileBetweenRequests(AbortSignal.abort()), null)
  assert.deepEqual(reads, [])
})
