import assert from 'node:assert/strict'
import { after, test } from 'node:test'
import { gunzipSync } from 'node:zlib'
import { buildDataset } from '../core/dataset/build-dataset.ts'
import type { ProjectDocument } from '../core/dataset/schema.ts'
import type { StackAnswer } from '../core/stack/stack-answer.ts'
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
const html = (page: { html: { identity: Uint8Array } }) =>
  new TextDecoder().decode(page.html.identity)

const pool = new FileReaderPool()
after(() => pool.close())

/** A stack's own answer, for the stacks the tests judge. */
const STACK_ANSWER = (stack: readonly [string, string][]): StackAnswer => ({
  components: Object.fromEntries(stack),
  compatible: 'unknown',
  reason: 'No component documents another.',
  resolved: {},
  pairs: [],
  unpaired: stack.map(([name]) => name),
  date: PAGE.today,
  support: [],
})

const readSbom = (
  reader: FileReaderPool,
  bytes: Buffer,
  format: 'cyclonedx' | 'spdx',
  on = dataset,
) => reader.readSbom(bytes, format, on, null, STACK_ANSWER)

test('an SBOM: its stack judged by the caller, the answer written after the verdict', async () => {
  const judged: (readonly [string, string][])[] = []
  const outcome = await pool.readSbom(SBOM, 'cyclonedx', dataset, null, (stack) => {
    judged.push(stack)
    return STACK_ANSWER(stack)
  })
  assert.deepEqual(judged, [[['nextjs', '14.2.3']]])
  assert.ok(outcome.ok && 'answer' in outcome)
  const answer = JSON.parse(new TextDecoder().decode(outcome.answer.identity))
  assert.deepEqual(Object.keys(answer).slice(-4), [
    'derivedFrom',
    'matches',
    'unmatched',
    'duplicates',
  ])
  assert.deepEqual(answer.derivedFrom, { format: 'cyclonedx', components: 2, matched: 1 })
  assert.equal(outcome.answer.encoded, undefined)
})

test('an answer the client takes compressed comes compressed from the worker', async () => {
  const large = cyclonedx(
    Array.from({ length: 200 }, (_, index) => ({ name: `left-pad-${index}`, version: '1.3.0' })),
  )
  const outcome = await pool.readSbom(large, 'cyclonedx', dataset, 'gzip', STACK_ANSWER)
  assert.ok(outcome.ok && 'answer' in outcome && outcome.answer.encoded !== undefined)
  assert.equal(outcome.answer.encoded.encoding, 'gzip')
  assert.deepEqual(gunzipSync(outcome.answer.encoded.bytes), Buffer.from(outcome.answer.identity))
})

test('a document of another format is refused with where, and counted', async () => {
  const derived = await readSbom(pool, SBOM, 'spdx')
  assert.equal(derived.ok, false)
  if (derived.ok) return
  assert.ok(derived.faults.length > 0 && derived.faultCount === derived.faults.length)
})

test('bytes that are not UTF-8 are refused, not a crash', async () => {
  const derived = await readSbom(pool, Buffer.from([0x7b, 0xff, 0x7d]), 'cyclonedx')
  assert.deepEqual(derived, {
    ok: false,
    faults: [{ reason: 'is not UTF-8 text', location: '' }],
    faultCount: 1,
  })
})

test('a new dataset is matched against, not the one the worker saw first', async () => {
  const renamed = buildDataset([project('next-framework', { upstream: { npm: 'next' } })])
  const judged: (readonly [string, string][])[] = []
  await pool.readSbom(SBOM, 'cyclonedx', renamed, null, (stack) => {
    judged.push(stack)
    return STACK_ANSWER(stack)
  })
  assert.deepEqual(judged, [[['next-framework', '14.2.3']]])
})

test('a form: the stack is judged by the caller, the page rendered in the worker', async () => {
  const judged: (readonly [string, string][])[] = []
  const page = await pool.readForm(
    form(SBOM.toString()),
    dataset,
    PAGE,
    null,
    async ({ components }) => {
      judged.push(components ?? [])
      return { stackAnswer: STACK_ANSWER(components ?? []), readiness: null }
    },
  )
  assert.equal(page.status, 200)
  assert.deepEqual(judged, [[['nextjs', '14.2.3']]])
  assert.match(html(page), /From your file/)
  assert.match(html(page), /left-pad/)
})

test('a form whose file breaks its format: 400, its faults, its text kept in the box', async () => {
  const page = await pool.readForm(
    form('{"bomFormat": "CycloneDX"'),
    dataset,
    PAGE,
    null,
    async () => ({
      stackAnswer: null,
      readiness: null,
    }),
  )
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
    const first = readSbom(reader, SBOM, 'cyclonedx')
    await assert.rejects(readSbom(reader, SBOM, 'cyclonedx'), FileReaderBusyError)
    assert.equal((await first).ok, true)
  } finally {
    await reader.close()
  }
})

test('once stopping, files not begun are refused; the one being read is answered', async () => {
  const reader = new FileReaderPool()
  try {
    // Its worker started and ready: a file begins as soon as it is given.
    await readSbom(reader, SBOM, 'cyclonedx')
    const first = readSbom(reader, SBOM, 'cyclonedx')
    const second = readSbom(reader, SBOM, 'cyclonedx')
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
    const spinning = readSbom(reader, Buffer.from('spin'), 'cyclonedx')
    const next = readSbom(reader, Buffer.from('{}'), 'cyclonedx')
    await assert.rejects(spinning, FileWorkExceededError)
    const derived = await next
    assert.ok(derived.ok && 'answer' in derived)
  } finally {
    await reader.close()
  }
})
