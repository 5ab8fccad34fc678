import assert from 'node:assert/strict'
import { readdir, readFile, utimes, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { test } from 'node:test'
import { tempDir } from '../../test/support/temp-dir.ts'
import { ParsedFileCache, textHash } from './parsed-file-cache.ts'

async function openCache(cacheDir: string, dataDirs = ['/data']): Promise<ParsedFileCache> {
  const cache = await ParsedFileCache.open(cacheDir, dataDirs)
  assert.ok(cache, 'the sources name their parser')
  return cache
}

/** A new cache directory whose file, for `dataDirs`, holds the document `{"id": …}` of each text. */
async function savedCache(texts: readonly string[], dataDirs = ['/data']): Promise<string> {
  const cacheDir = await tempDir('compat-cache-')
  const cache = await openCache(cacheDir, dataDirs)
  for (const text of texts) cache.record(textHash(text), JSON.stringify({ id: text }))
  assert.equal(await cache.save(), true)
  return cacheDir
}

async function cacheFile(cacheDir: string): Promise<string> {
  const names = (await readdir(cacheDir)).filter((name) => name.endsWith('.jsonl'))
  assert.equal(names.length, 1, names.join(', '))
  return join(cacheDir, names[0] as string)
}

test('a recorded document is found by the next load, as a fresh copy', async () => {
  const cacheDir = await tempDir('compat-cache-')
  const first = await openCache(cacheDir)
  assert.equal(first.lookup(textHash('id: a\n')), undefined)
  first.record(textHash('id: a\n'), JSON.stringify({ id: 'a' }))
  assert.equal(await first.save(), true)

  const second = await openCache(cacheDir)
  const found = second.lookup(textHash('id: a\n'))
  assert.deepEqual(found?.document, { id: 'a' })
  assert.deepEqual(second.stats, { fromCache: 1, parsed: 0 })
  assert.notEqual(found?.document, second.lookup(textHash('id: a\n'))?.document)
  // Everything used, nothing added: the file already says this.
  assert.equal(await second.save(), false)
})

test('a cache opened without reading finds nothing, and writes what it records', async () => {
  const cacheDir = await savedCache(['a'])
  const recordOnly = await ParsedFileCache.open(cacheDir, ['/data'], { read: false })
  assert.ok(recordOnly)
  assert.equal(recordOnly.lookup(textHash('a')), undefined)
  assert.deepEqual(recordOnly.stats, { fromCache: 0, parsed: 1 })
  recordOnly.record(textHash('b'), '{"id":"b"}')
  assert.equal(await recordOnly.save(), true)
  const next = await openCache(cacheDir)
  assert.deepEqual(next.lookup(textHash('b'))?.document, { id: 'b' })
  assert.equal(next.lookup(textHash('a')), undefined)
})

test('entries of files no longer read are dropped when the cache is written', async () => {
  const cacheDir = await savedCache(['a', 'b'])
  const second = await openCache(cacheDir)
  second.lookup(textHash('a'))
  assert.equal(await second.save(), true)
  const third = await openCache(cacheDir)
  assert.ok(third.lookup(textHash('a')))
  assert.equal(third.lookup(textHash('b')), undefined)
})

test('each set of data directories has its own cache file', async () => {
  const cacheDir = await savedCache(['a'], ['/data/one'])
  const other = await openCache(cacheDir, ['/data/one', '/data/two'])
  assert.equal(other.lookup(textHash('a')), undefined)
})

// Columns: what the cache file holds after the first line, and whether the entry is found.
const DAMAGED: ReadonlyArray<[string, string, boolean]> = [
  ['intact', `${textHash('a')} {"id":"a"}`, true],
  ['cut short', `${textHash('a')} {"id":`, false],
  ['no document', textHash('a'), false],
  ['a short hash', `${textHash('a').slice(0, 10)} {"id":"a"}`, false],
]

test('a damaged line is a miss, never an error', async () => {
  for (const [label, line, found] of DAMAGED) {
    const cacheDir = await savedCache(['other'])
    const file = await cacheFile(cacheDir)
    const [header] = (await readFile(file, 'utf8')).split('\n')
    await writeFile(file, `${header}\n${line}\n`)
    const reopened = await openCache(cacheDir)
    assert.equal(reopened.lookup(textHash('a')) !== undefined, found, label)
  }
})

test('a cache written by other code is ignored, then replaced', async () => {
  const cacheDir = await savedCache(['a'])
  const file = await cacheFile(cacheDir)
  const [, entry] = (await readFile(file, 'utf8')).split('\n')
  await writeFile(
    file,
    `${JSON.stringify({ format: 'compat parsed data files 1', parser: 'older' })}\n${entry}\n`,
  )
  const reopened = await openCache(cacheDir)
  assert.equal(reopened.lookup(textHash('a')), undefined)
  reopened.record(textHash('a'), '{"id":"a"}')
  await reopened.save()
  assert.ok((await openCache(cacheDir)).lookup(textHash('a')))
})

test('a temporary file left by a killed writer is removed once it is old', async () => {
  const cacheDir = await savedCache(['a'])
  const file = await cacheFile(cacheDir)
  const abandoned = `${file}.12345.abcd.tmp`
  const recent = `${file}.12346.abcd.tmp`
  await writeFile(abandoned, 'half')
  await writeFile(recent, 'half')
  const hourAgo = new Date(Date.now() - 60 * 60 * 1000)
  await utimes(abandoned, hourAgo, hourAgo)
  const next = await openCache(cacheDir)
  next.record(textHash('b'), '{"id":"b"}')
  await next.save()
  const left = await readdir(cacheDir)
  assert.ok(!left.includes(join(abandoned).split('/').pop() as string))
  assert.ok(left.includes(recent.split('/').pop() as string), 'another writer may still be busy')
})
