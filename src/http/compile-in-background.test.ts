import assert from 'node:assert/strict'
import { test } from 'node:test'
import { buildLazily, type Dataset, type DeferredDocument } from '../core/dataset/build-dataset.ts'
import type { ProjectDocument } from '../core/dataset/schema.ts'
import type { LoadedDataset } from '../data/load-dataset.ts'
import { compileInBackground } from './compile-in-background.ts'
import { DatasetHolder } from './dataset-holder.ts'

function deferred(ids: readonly string[], reads: string[]): DeferredDocument[] {
  return ids.map((id) => ({
    id,
    aliases: [],
    entryCount: 0,
    load: (): ProjectDocument => {
      reads.push(id)
      if (id.startsWith('broken')) throw new Error(`cannot compile ${id}`)
      return { id, name: id, categories: [], website: 'https://example.org', versions: {} }
    },
  }))
}

/** A loaded dataset as the holder serves it. */
function loaded(dataset: Dataset): LoadedDataset {
  return { dataset, contentHash: 'x'.repeat(64), loadedAt: new Date(), files: [] }
}

test('compileInBackground: every project is read, past one that cannot compile', async () => {
  const reads: string[] = []
  const dataset = buildLazily(deferred(['a', 'broken-b', 'c'], reads))
  assert.equal(await compileInBackground(dataset, () => true), true)
  assert.deepEqual(reads, ['a', 'broken-b', 'c'])
  assert.equal(dataset.projects.get('c')?.document.id, 'c')
})

test('compileInBackground: nothing more is read once the dataset is no longer served', async () => {
  const reads: string[] = []
  const dataset = buildLazily(deferred(['a', 'b'], reads))
  assert.equal(await compileInBackground(dataset, () => false), false)
  assert.deepEqual(reads, [])
})

test('compileInBackground: compiling starts in a later turn of the event loop, not the caller’s', async () => {
  const reads: string[] = []
  const dataset = buildLazily(deferred(['a', 'b'], reads))
  const compiling = compileInBackground(dataset, () => true)
  assert.deepEqual(reads, [])
  await compiling
  assert.deepEqual(reads, ['a', 'b'])
})

test('DatasetHolder: a replaced dataset stops compiling; the new one compiles', async () => {
  const oldReads: string[] = []
  const newReads: string[] = []
  const holder = new DatasetHolder()
  holder.replace(loaded(buildLazily(deferred(['a', 'b'], oldReads))))
  const compilingOld = holder.compileBetweenRequests()
  holder.replace(loaded(buildLazily(deferred(['c'], newReads))))
  assert.deepEqual(await Promise.all([compilingOld, holder.compileBetweenRequests()]), [
    false,
    true,
  ])
  assert.deepEqual(oldReads, [])
  assert.deepEqual(newReads, ['c'])
})

test('DatasetHolder: compiling ends when the server stops', async () => {
  const reads: string[] = []
  const holder = new DatasetHolder()
  holder.replace(loaded(buildLazily(deferred(['a', 'b'], reads))))
  assert.equal(await holder.compileBetweenRequests(() => true), false)
  assert.deepEqual(reads, [])
})
