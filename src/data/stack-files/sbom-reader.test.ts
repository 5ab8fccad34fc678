import assert from 'node:assert/strict'
import { after, test } from 'node:test'
import { buildDataset } from '../../core/dataset/build-dataset.ts'
import type { ProjectDocument } from '../../core/dataset/schema.ts'
import { SbomReader, SbomReaderBusyError } from './sbom-reader.ts'

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

const readers = { worker: new SbomReader(), inline: new SbomReader({ inline: true }) }
after(() => Promise.all(Object.values(readers).map((reader) => reader.close())))

for (const [how, reader] of Object.entries(readers)) {
  test(`SbomReader (${how}): the stack and the rest of the answer as JSON`, async () => {
    const derived = await reader.read(SBOM, 'cyclonedx', dataset)
    assert.equal(derived.ok, true)
    if (!derived.ok) return
    assert.deepEqual(derived.components, [['nextjs', '14.2.3']])
    const fields = JSON.parse(`{${derived.derivedFields}}`)
    assert.deepEqual(Object.keys(fields), ['derivedFrom', 'matches', 'unmatched', 'duplicates'])
    assert.deepEqual(fields.derivedFrom, { format: 'cyclonedx', components: 2, matched: 1 })
    assert.deepEqual(
      fields.unmatched.map((entry: { name: string }) => entry.name),
      ['left-pad'],
    )
  })

  test(`SbomReader (${how}): a document of another format is refused with where`, async () => {
    const derived = await reader.read(SBOM, 'spdx', dataset)
    assert.equal(derived.ok, false)
    if (derived.ok) return
    assert.ok(derived.faults.length > 0)
    assert.ok(derived.faults.every((fault) => typeof fault.location === 'string'))
  })

  test(`SbomReader (${how}): bytes that are not UTF-8 are refused, not a crash`, async () => {
    const derived = await reader.read(Buffer.from([0x7b, 0xff, 0x7d]), 'cyclonedx', dataset)
    assert.deepEqual(derived, {
      ok: false,
      format: 'cyclonedx',
      faults: [{ reason: 'is not UTF-8 text', location: '' }],
    })
  })
}

test('SbomReader: a new dataset is matched against, not the one the worker saw first', async () => {
  const renamed = buildDataset([project('next-framework', { upstream: { npm: 'next' } })])
  const derived = await readers.worker.read(SBOM, 'cyclonedx', renamed)
  assert.deepEqual(derived.ok && derived.components, [['next-framework', '14.2.3']])
})

test('SbomReader: beyond the SBOMs allowed to wait, the reader is busy', async () => {
  const reader = new SbomReader({ maxWaiting: 1 })
  try {
    const first = reader.read(SBOM, 'cyclonedx', dataset)
    await assert.rejects(reader.read(SBOM, 'cyclonedx', dataset), SbomReaderBusyError)
    assert.equal((await first).ok, true)
  } finally {
    await reader.close()
  }
})

test('SbomReader: a file of any format, told from its content', async () => {
  const helmList = Buffer.from(
    JSON.stringify([
      {
        name: 'web',
        namespace: 'default',
        chart: 'next-14.2.3',
        app_version: '14.2.3',
        status: 'deployed',
      },
    ]),
  )
  const derived = await readers.inline.read(helmList, 'any', dataset)
  assert.equal(derived.ok, true)
  const nothing = await readers.inline.read(Buffer.from('{"hello": "world"}'), 'any', dataset)
  assert.equal(nothing.ok, false)
  assert.match(nothing.ok ? '' : (nothing.faults[0]?.reason ?? ''), /CycloneDX JSON/)
})
