import assert from 'node:assert/strict'
import { after, test } from 'node:test'
import { buildDataset } from '../core/dataset/build-dataset.ts'
import type { ProjectDocument } from '../core/dataset/schema.ts'
import { FileReaderBusyError, FileReaderPool, FileWorkExceededError } from './file-reader-pool.ts'
import type { FilePageContext } from './render-file-page.ts'

const project = (id: string, fields: Partial<ProjectDocument> = {}): ProjectDocument => ({
  id,
  name: id,
  categories: [],
  website: 'https://example.org',
  versions: {},
  ...fields,
})

const dataset = buildDataset([project('nextjs', { upstream: { npm: 'next' } })])

const cyclonedx = (components: unknown) =>
  Buffer.from(JSON.stringify({ bomFormat: 'CycloneDX', specVersion: '1.6', components }))

const SBOM = cyclonedx([
  { type: 'library', name: 'next', version: '14.2.3', purl: 'pkg:npm/next@14.2.3' },
  { type: 'library', name: 'left-pad', version: '1.3.0', purl: 'pkg:npm/left-pad@1.3.0' },
])

const PAGE: FilePageContext = {
  shell: '<html><head><!--page-head--></head><body><!--page-main--></body></html>',
  publicUrl: null,
  names: ['nextjs'],
  today: '2026-11-28',
}

const form = (text: string) => Buffer.from(new URLSearchParams({ file: text }).toString())
const html = (page: { html: Uint8Array }) => new TextDecoder().decode(page.html)

const pool = new FileReaderPool()
after(() => pool.close())

test('an SBOM: the stack, and the rest of the answer as JSON bytes', async () => {
  const derived = await pool.readSbom(SBOM, 'cyclonedx', dataset)
  assert.equal(derived.ok, true)
  if (!derived.ok) return
  assert.deepEqual(derived.components, [['nextjs', '14.2.3']])
  const fields = JSON.parse(`{${new TextDecoder().decode(derived.derivedFields)}}`)
  assert.deepEqual(Object.keys(fields), ['derivedFrom', 'matches', 'unmatched', 'duplicates'])
  assert.deepEqual(fields.derivedFrom, { format: 'cyclonedx', components: 2, matched: 1 })
})

test('a document of another format is refused with where, and counted', async () => {
  const derived = await pool.readSbom(SBOM, 'spdx', dataset)
  assert.equal(derived.ok, false)
  if (derived.ok) return
  assert.ok(derived.faults.length > 0 && derived.faultCount === derived.faults.length)
})

test('bytes that are not UTF-8 are refused, not a crash', async () => {
  const derived = await pool.readSbom(Buffer.from([0x7b, 0xff, 0x7d]), 'cyclonedx', dataset)
  assert.deepEqual(derived, {
    ok: false,
    faults: [{ reason: 'is not UTF-8 text', location: '' }],
    faultCount: 1,
  })
})

test('a new dataset is matched against, not the one the worker saw first', async () => {
  const renamed = buildDataset([project('next-framework', { upstream: { npm: 'next' } })])
  const derived = await pool.readSbom(SBOM, 'cyclonedx', renamed)
  assert.deepEqual(derived.ok && derived.components, [['next-framework', '14.2.3']])
})

test('a form: the stack is judged by the caller, the page rendered in the worker', async () => {
  const judged: (readonly [string, string][])[] = []
  const page = await pool.readForm(form(SBOM.toString()), dataset, PAGE, (stack) => {
    judged.push(stack)
    return JSON.stringify({
      components: Object.fromEntries(stack),
      compatible: 'unknown',
      reason: 'No component documents another.',
      resolved: {},
      pairs: [],
      unpaired: ['nextjs'],
      date: PAGE.today,
      support: [],
    })
  })
  assert.equal(page.status, 200)
  assert.deepEqual(judged, [[['nextjs', '14.2.3']]])
  assert.match(html(page), /From your file/)
  assert.match(html(page), /left-pad/)
})

test('a form whose file breaks its format: 400, its faults, its text kept in the box', async () => {
  const page = await pool.readForm(form('{"bomFormat": "CycloneDX"'), dataset, PAGE, () => '')
  assert.equal(page.status, 400)
  assert.match(html(page), /is not valid JSON/)
  assert.match(
    html(page),
    /\{&quot;bomFormat&quot;: &quot;CycloneDX&quot;<\/textarea>|\{"bomFormat": "CycloneDX"<\/textarea>/,
  )
})

test('beyond the files allowed to wait, the reader is busy', async () => {
  const reader = new FileReaderPool({ maxWaiting: 1 })
  try {
    const first = reader.readSbom(SBOM, 'cyclonedx', dataset)
    await assert.rejects(reader.readSbom(SBOM, 'cyclonedx', dataset), FileReaderBusyError)
    assert.equal((await first).ok, true)
  } finally {
    await reader.close()
  }
})

test('once stopping, files not begun are refused; the one being read is answered', async () => {
  const reader = new FileReaderPool()
  try {
    // Its worker started and ready: a file begins as soon as it is given.
    await reader.readSbom(SBOM, 'cyclonedx', dataset)
    const first = reader.readSbom(SBOM, 'cyclonedx', dataset)
    const second = reader.readSbom(SBOM, 'cyclonedx', dataset)
    reader.stopTaking()
    await assert.rejects(second, (error) => error instanceof FileReaderBusyError && error.stopping)
    assert.equal((await first).ok, true)
  } finally {
    await reader.close()
  }
})

test('a reading past its work budget ends its worker: 413 for it, a new worker for the next', async () => {
  const reader = new FileReaderPool({
    workerUrl: new URL('../../test/support/spinning-file-worker.ts', import.meta.url),
    workBudgetMs: () => 50,
    checkIntervalMs: 20,
  })
  try {
    const spinning = reader.readSbom(Buffer.from('spin'), 'cyclonedx', dataset)
    const next = reader.readSbom(Buffer.from('{}'), 'cyclonedx', dataset)
    await assert.rejects(spinning, FileWorkExceededError)
    const derived = await next
    assert.deepEqual(derived.ok && derived.components, [])
  } finally {
    await reader.close()
  }
})
