import assert from 'node:assert/strict'
import { writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { test } from 'node:test'
import { tempDir } from '../../test/support/temp-dir.ts'
import { loadDataset } from './load-dataset.ts'
import { ParsedFileCache } from './parsed-file-cache.ts'

const VALID = `id: demo
name: Demo
categories: [web]
website: https://example.org
versions:
  "1.0":
    dependencies:
      python:
        ranges: [">=3.10"]
        relationship: runtime
        confidence: low
        lastVerified: null
        notes: []
        sources: []
`

async function dataDir(files: Record<string, string>): Promise<string> {
  const dir = await tempDir('compat-data-')
  for (const [name, text] of Object.entries(files)) await writeFile(join(dir, name), text)
  return dir
}

async function faultsOf(files: Record<string, string>) {
  const result = await loadDataset(await dataDir(files))
  assert.equal(result.ok, false, 'expected faults')
  return result.ok ? [] : result.faults
}

test('a valid directory loads, with a content hash, and ignores files that are not data', async () => {
  const result = await loadDataset(await dataDir({ 'demo.yaml': VALID, 'README.md': '# notes' }))
  assert.ok(result.ok)
  assert.equal(result.loaded.dataset.projects.size, 1)
  assert.equal(result.loaded.dataset.entryCount, 1)
  assert.match(result.loaded.contentHash, /^[0-9a-f]{64}$/)
})

test('JSON files are documents too', async () => {
  const { parse } = await import('yaml')
  const result = await loadDataset(await dataDir({ 'demo.json': JSON.stringify(parse(VALID)) }))
  assert.ok(result.ok)
})

// [file name, text, line, column, message fragment]
const LOCATED: ReadonlyArray<[string, string, number, number, string]> = [
  ['demo.yaml', VALID.replace('[">=3.10"]', '["^3.10"]'), 9, 18, "operator '^'"],
  ['demo.yaml', VALID.replace('confidence: low', 'confidence: sure'), 11, 21, ''],
  ['demo.yaml', VALID.replace('id: demo', 'id: other'), 1, 5, "must equal the file name 'demo'"],
  ['demo.yaml', VALID.replace('name: Demo', 'name: Demo\nname: Again'), 3, 1, 'unique'],
  ['demo.yaml', VALID.replace('categories: [web]', 'categories: [web'), 4, 1, ''],
  ['demo.json', '{"id": "demo",\n  "name": }', 2, 11, ''],
]

test('every fault names file, line and column', async () => {
  for (const [name, text, line, column, fragment] of LOCATED) {
    const faults = await faultsOf({ [name]: text })
    const fault = faults.find((candidate) => candidate.message.includes(fragment))
    assert.ok(fault, `${name}: ${JSON.stringify(faults)}`)
    assert.ok(fault.file.endsWith(name))
    assert.deepEqual([fault.line, fault.column], [line, column], `${fragment}: ${fault.message}`)
  }
})

test('faults of several files are all reported', async () => {
  const faults = await faultsOf({
    'a.yaml': VALID.replace('id: demo', 'id: a').replace('>=3.10', '>=3 <2'),
    'b.yaml': VALID.replace('id: demo', 'id: b').replace('null', '"2026-02-30"'),
    'demo.yaml': VALID,
    'demo.json': '{}',
  })
  const files = new Set(faults.map((fault) => fault.file.split('/').pop()))
  // demo.yaml is valid alone, but repeats the id of demo.json
  assert.deepEqual([...files].sort(), ['a.yaml', 'b.yaml', 'demo.json', 'demo.yaml'])
  assert.ok(faults.some((fault) => fault.message.includes('also defined by')))
})

test('a purl one project writes, another may not: the fault points at the second', async () => {
  const faults = await faultsOf({
    'a.yaml': VALID.replace('id: demo', 'id: a\nidentifiers: [{purl: "pkg:pypi/Shared_Lib"}]'),
    'b.yaml': VALID.replace('id: demo', 'id: b\nidentifiers: [{purl: "pkg:pypi/shared-lib"}]'),
  })
  const described = faults.map(
    (fault) =>
      `${fault.file.split('/').pop()}:${fault.line}:${fault.column}: ${fault.message.replace(/\(\/.*\/([^/]+)\)/, '($1)')}`,
  )
  assert.deepEqual(described, ["b.yaml:2:22: this purl is also written by project 'a' (a.yaml)"])
})

test("an alias must not be another project's id or alias; each fault points at the alias", async () => {
  const faults = await faultsOf({
    'a.yaml': VALID.replace('id: demo', 'id: a\naliases: [b, shared]'),
    'b.yaml': VALID.replace('id: demo', 'id: b\naliases: [shared]'),
  })
  const described = faults.map(
    (fault) =>
      `${fault.file.split('/').pop()}:${fault.line}:${fault.column}: ${fault.message.replace(/\(\/.*\/([^/]+)\)/, '($1)')}`,
  )
  assert.deepEqual(described.sort(), [
    "a.yaml:2:11: alias 'b' is the id of another project (b.yaml)",
    "b.yaml:2:11: alias 'shared' is also an alias of project 'a' (a.yaml)",
  ])
})

test('several directories load as one catalogue, in the order given; `bundled` is the bundled data', async () => {
  const ours = await dataDir({ 'internal-app.yaml': VALID.replace('id: demo', 'id: internal-app') })
  const result = await loadDataset(`${ours}:bundled`)
  assert.ok(result.ok)
  const bundled = await loadDataset('bundled')
  assert.ok(bundled.ok)
  assert.equal(result.loaded.dataset.projects.size, bundled.loaded.dataset.projects.size + 1)
  assert.ok(result.loaded.dataset.projects.has('internal-app'))
  assert.ok(result.loaded.dataset.projects.has('django'))
  assert.equal(result.loaded.files[0]?.endsWith('/internal-app.yaml'), true)
})

test('a project or alias defined in two directories is a fault naming both files', async () => {
  const first = await dataDir({
    'demo.yaml': VALID,
    'a.yaml': VALID.replace('id: demo', 'id: a\naliases: [shared]'),
  })
  const second = await dataDir({
    'demo.yaml': VALID,
    'b.yaml': VALID.replace('id: demo', 'id: b\naliases: [shared]'),
  })
  const result = await loadDataset(`${first}:${second}`)
  assert.equal(result.ok, false)
  const faults = result.ok ? [] : result.faults
  assert.ok(
    faults.some(
      (fault) =>
        fault.file === `${second}/demo.yaml` &&
        fault.message.includes(`also defined by ${first}/demo.yaml`),
    ),
    JSON.stringify(faults),
  )
  assert.ok(
    faults.some(
      (fault) => fault.file === `${second}/b.yaml` && fault.message.includes(`(${first}/a.yaml)`),
    ),
  )
})

test('an alias bomb is refused, not expanded', async () => {
  const layers = ['a: &a ["x","x","x","x","x","x","x","x","x","x"]']
  for (let index = 1; index < 9; index++) {
    const previous = String.fromCharCode(96 + index)
    const name = String.fromCharCode(97 + index)
    layers.push(`${name}: &${name} [${Array(10).fill(`*${previous}`).join(',')}]`)
  }
  const faults = await faultsOf({ 'bomb.yaml': layers.join('\n') })
  assert.ok(
    faults.some((fault) => /alias/i.test(fault.message)),
    JSON.stringify(faults),
  )
})

test('a missing directory is a fault, not a crash', async () => {
  const result = await loadDataset(join(tmpdir(), 'compat-no-such-dir-for-test'))
  assert.equal(result.ok, false)
})

test('worker threads and this thread load the same dataset, and report the same faults', async () => {
  const files: Record<string, string> = {}
  for (let index = 0; index < 40; index++) {
    const id = `p${String(index).padStart(2, '0')}`
    files[`${id}.yaml`] = VALID.replace('id: demo', `id: ${id}`)
  }
  const dir = await dataDir(files)
  const inline = await loadDataset(dir, { workers: 'never' })
  const threaded = await loadDataset(dir, { workers: 'always' })
  assert.ok(inline.ok && threaded.ok)
  assert.equal(threaded.loaded.contentHash, inline.loaded.contentHash)
  assert.deepEqual(threaded.loaded.files, inline.loaded.files)
  assert.deepEqual(
    [...threaded.loaded.dataset.projects.values()].map((project) => project.document),
    [...inline.loaded.dataset.projects.values()].map((project) => project.document),
  )
  await writeFile(
    join(dir, 'p07.yaml'),
    VALID.replace('id: demo', 'id: p07').replace('>=3.10', '^3'),
  )
  await writeFile(join(dir, 'p13.yaml'), 'id: p13\nid: again\n')
  const inlineFaults = await loadDataset(dir, { workers: 'never' })
  const threadedFaults = await loadDataset(dir, { workers: 'always' })
  assert.ok(!inlineFaults.ok && !threadedFaults.ok)
  assert.deepEqual(threadedFaults.faults, inlineFaults.faults)
  assert.equal(threadedFaults.faults.length, 2)
})

test('a load through the cache parses only what changed, and validates every file again', async () => {
  const files: Record<string, string> = {}
  for (let index = 0; index < 5; index++) {
    files[`p${index}.yaml`] = VALID.replace('id: demo', `id: p${index}`)
  }
  const dir = await dataDir(files)
  const cacheDir = await tempDir('compat-cache-')
  const load = async () => {
    const cache = await ParsedFileCache.open(cacheDir, [dir])
    assert.ok(cache, 'the sources name their parser')
    const result = await loadDataset(dir, { cache })
    await cache.save()
    return { result, stats: cache.stats }
  }

  const cold = await load()
  assert.deepEqual(cold.stats, { fromCache: 0, parsed: 5 })
  const warm = await load()
  assert.deepEqual(warm.stats, { fromCache: 5, parsed: 0 })
  assert.ok(cold.result.ok && warm.result.ok)
  assert.equal(warm.result.loaded.contentHash, cold.result.loaded.contentHash)
  assert.deepEqual(
    [...warm.result.loaded.dataset.projects.values()].map((project) => project.document),
    [...cold.result.loaded.dataset.projects.values()].map((project) => project.document),
  )

  // An edit: that file alone is parsed again.
  await writeFile(join(dir, 'p1.yaml'), files['p1.yaml']?.replace('Demo', 'Edited') as string)
  const edited = await load()
  assert.deepEqual(edited.stats, { fromCache: 4, parsed: 1 })
  assert.ok(edited.result.ok)
  assert.equal(edited.result.loaded.dataset.projects.get('p1')?.document.name, 'Edited')

  // The same text under another name is found, and still judged under that name.
  await writeFile(join(dir, 'renamed.yaml'), files['p2.yaml'] as string)
  const renamed = await load()
  assert.equal(renamed.result.ok, false)
  const faults = renamed.result.ok ? [] : renamed.result.faults
  assert.ok(
    faults.some(
      (fault) => fault.file.endsWith('renamed.yaml') && fault.message.includes("'renamed'"),
    ),
    JSON.stringify(faults),
  )

  // A file with a fault is never kept: it is parsed, and reported, every time.
  await writeFile(join(dir, 'renamed.yaml'), 'id: renamed\nname: [\n')
  for (let round = 0; round < 2; round++) {
    const broken = await load()
    assert.equal(broken.stats.parsed, 1)
    assert.equal(broken.result.ok, false)
  }
})
