import assert from 'node:assert/strict'
import { test } from 'node:test'
import { documentWith, entry } from '../../../../test/support/document-builders.ts'
import { formatPath } from '../fault.ts'
import { KEY_SYNONYMS } from '../key-synonyms.ts'
import { summarizeDocument } from '../summarize-document.ts'
import { type DatasetDocument, keySpelling, spellingGroup } from './key-spelling.ts'

/** A project `id` whose one version documents `keys`. */
function project(id: string, keys: readonly string[], aliases?: string[]): DatasetDocument {
  const dependencies = Object.fromEntries(keys.map((key) => [key, entry()]))
  return datasetDocument(
    id,
    documentWith(dependencies, { id, ...(aliases === undefined ? {} : { aliases }) }),
  )
}

function datasetDocument(fileId: string, document: unknown): DatasetDocument {
  return { fileId, summary: summarizeDocument(document), document: () => document }
}

const faultsOf = (documents: DatasetDocument[]) =>
  keySpelling(documents).map((fault) => `${fault.fileId}:${formatPath(fault.path)}`)

// [case, documents, faults as fileId:path]
const CASES: readonly (readonly [string, DatasetDocument[], string[]])[] = [
  ['one spelling everywhere', [project('a', ['mssql']), project('b', ['mssql'])], []],
  [
    'the less used spelling of two keys',
    [project('a', ['mssql']), project('b', ['mssql']), project('c', ['sql-server'])],
    ['c:versions."1.0".dependencies.sql-server'],
  ],
  [
    'punctuation only',
    [project('a', ['node_js', 'python']), project('b', ['nodejs']), project('c', ['nodejs'])],
    ['a:versions."1.0".dependencies.node_js'],
  ],
  [
    'a key that spells a project differently',
    [project('postgresql', []), project('app', ['postgres'])],
    ['app:versions."1.0".dependencies.postgres'],
  ],
  [
    'an alias makes two spellings one project',
    [
      project('postgresql', [], ['postgres']),
      project('app', ['postgres']),
      project('b', ['postgresql']),
    ],
    [],
  ],
  [
    'an id that spells another project (equal uses: the first in code-unit order stays)',
    [project('nodejs', []), project('node-js', [])],
    ['nodejs:id'],
  ],
  [
    'different software stays apart',
    [project('a', ['python', 'target-python', 'redis', 'valkey'])],
    [],
  ],
]

for (const [name, documents, faults] of CASES) {
  test(`key-spelling: ${name}`, () => assert.deepEqual(faultsOf(documents), faults))
}

test('key-spelling: the message says which spelling to use and why', () => {
  const [fault] = keySpelling([project('postgresql', []), project('app', ['pgsql'])])
  assert.match(
    fault?.message ?? '',
    /'pgsql' names the same software as 'postgresql' \(a name of project 'postgresql'\)/,
  )
})

test('key-spelling: every synonym group is one group, and groups are apart', () => {
  const seen = new Map<string, number>()
  KEY_SYNONYMS.forEach((group, index) => {
    const groups = new Set(group.map(spellingGroup))
    assert.equal(groups.size, 1, `group ${group.join(', ')}`)
    const [only] = groups
    assert.ok(!seen.has(only as string), `${group.join(', ')} overlaps another group`)
    seen.set(only as string, index)
  })
})

test('key-spelling: malformed documents are skipped, not crashed on', () => {
  assert.deepEqual(keySpelling([datasetDocument('x', null), datasetDocument('y', { id: 3 })]), [])
})
