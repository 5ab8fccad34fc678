import assert from 'node:assert/strict'
import { test } from 'node:test'
import { describeFaults, documentWith, entry } from '../../../test/support/document-builders.ts'
import { validateDocument } from './validate-document.ts'

// Each rule has its own cases beside it (rules/*.test.ts); these hold for all of them together.

test('a valid document has no faults', () => {
  assert.deepEqual(validateDocument(documentWith({ python: entry() }), 'demo'), [])
})

test('validation collects every fault instead of stopping at the first', () => {
  const document = documentWith(
    {
      python: entry({ ranges: ['^1', '~2'], lastVerified: '2026-02-31' }),
      node: entry({ confidence: 'high', lastVerified: null, sources: [] }),
    },
    { id: 'wrong', surplus: true },
  )
  const faults = describeFaults(validateDocument(document, 'demo'))
  for (const expected of [
    "(document): unknown field 'surplus'; allowed: id, name, description, aliases, categories, website, upstream, identifiers, lifecycle, upgrades, versions",
    "id: id 'wrong' must equal the file name 'demo'",
    'versions."1.0".dependencies.node.lastVerified: high confidence needs a lastVerified date',
    'versions."1.0".dependencies.node.sources: high confidence needs at least one source',
    'versions."1.0".dependencies.python.lastVerified: \'2026-02-31\' is not a calendar date',
    'versions."1.0".dependencies.python.ranges[0]: operator \'^\' is not supported; write bounds with >=, >, <=, <, =, !=',
    'versions."1.0".dependencies.python.ranges[1]: operator \'~\' is not supported; write bounds with >=, >, <=, <, =, !=',
  ]) {
    assert.ok(faults.includes(expected), `missing "${expected}" in ${JSON.stringify(faults)}`)
  }
})

test('hostile keys are plain keys: no crash, no inherited values', () => {
  const plain =
    '{"ranges": ["1"], "relationship": "x", "confidence": "low", "lastVerified": null, "notes": [], "sources": []}'
  const dependencies = JSON.parse(`{"constructor": ${plain}, "tostring": ${plain}}`)
  assert.deepEqual(validateDocument(documentWith(dependencies), 'demo'), [])
  const proto = validateDocument(documentWith(JSON.parse(`{"__proto__": ${plain}}`)), 'demo')
  assert.deepEqual(
    proto.map((fault) => fault.message),
    [`dependency key '__proto__' must be a lowercase slug: letters, digits, ".", "_" or "-"`],
  )
  assert.ok(validateDocument({ constructor: 1, toString: 2 }, 'demo').length > 0)
  assert.ok(validateDocument(null, 'demo').length > 0)
  assert.ok(validateDocument('text', 'demo').length > 0)
})
