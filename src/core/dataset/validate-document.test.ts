import assert from 'node:assert/strict'
import { test } from 'node:test'
import { formatPath } from './fault.ts'
import { validateDocument } from './validate-document.ts'

function entry(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    ranges: ['>=3.10 <3.13'],
    relationship: 'runtime',
    confidence: 'high',
    lastVerified: '2026-10-01',
    notes: [],
    sources: [{ title: 'Docs', url: 'https://example.org/docs', accessedAt: '2026-10-01' }],
    ...overrides,
  }
}

function documentWith(dependencies: Record<string, unknown>, top: Record<string, unknown> = {}) {
  return {
    id: 'demo',
    name: 'Demo',
    categories: ['web'],
    website: 'https://example.org',
    versions: { '1.0': { dependencies } },
    ...top,
  }
}

function withoutRanges(): Record<string, unknown> {
  const { ranges: _ranges, ...rest } = entry()
  return rest
}

const ENTRY = 'versions."1.0".dependencies.python'

test('a valid document has no faults', () => {
  assert.deepEqual(validateDocument(documentWith({ python: entry() }), 'demo'), [])
})

// [document, path of the fault, fragment of its message]
const FAULTS: ReadonlyArray<[unknown, string, string]> = [
  [documentWith({ python: entry() }, { id: 'other' }), 'id', "must equal the file name 'demo'"],
  [documentWith({ python: entry() }, { id: 'Demo!' }), 'id', 'lowercase slug'],
  [documentWith({ python: entry() }, { extra: 1 }), '(document)', "unknown field 'extra'"],
  [documentWith({ python: entry() }, { website: 'ftp://example.org' }), 'website', 'http(s) URL'],
  [
    documentWith({ python: entry() }, { website: 'https://exa mple.org' }),
    'website',
    'http(s) URL',
  ],
  [
    documentWith({ python: entry() }, { versions: { one: { dependencies: {} } } }),
    'versions.one',
    'is not a version',
  ],
  [
    documentWith(
      { python: entry() },
      { versions: { '1.0': { dependencies: {} }, 'v1.0': { dependencies: {} } } },
    ),
    'versions."v1.0"',
    "duplicates '1.0'",
  ],
  [
    documentWith({ python: entry() }, { versions: { '16-alpine': { dependencies: {} } } }),
    'versions."16-alpine"',
    'flavor',
  ],
  [documentWith({ python: entry({ ranges: ['^3.10'] }) }), `${ENTRY}.ranges[0]`, "operator '^'"],
  [
    documentWith({ python: entry({ ranges: ['>=3 <2'] }) }),
    `${ENTRY}.ranges[0]`,
    'no version can satisfy',
  ],
  [
    documentWith({ python: entry({ ranges: ['3.11', '3.11'] }) }),
    `${ENTRY}.ranges[1]`,
    'listed twice',
  ],
  [
    documentWith({ python: entry({ lastVerified: null }) }),
    `${ENTRY}.lastVerified`,
    'high confidence needs a lastVerified',
  ],
  [documentWith({ python: entry({ sources: [] }) }), `${ENTRY}.sources`, 'at least one source'],
  [
    documentWith({ python: entry({ confidence: 'medium', sources: [] }) }),
    `${ENTRY}.sources`,
    'at least one source',
  ],
  [documentWith({ python: entry({ confidence: 'certain' }) }), `${ENTRY}.confidence`, ''],
  [
    documentWith({ python: entry({ lastVerified: '2026-02-30' }) }),
    `${ENTRY}.lastVerified`,
    'not a calendar date',
  ],
  [
    documentWith({ python: entry({ lastVerified: '1 Oct 2026' }) }),
    `${ENTRY}.lastVerified`,
    'YYYY-MM-DD',
  ],
  [
    documentWith({
      python: entry({
        sources: [{ title: 'x', url: 'https://example.org', accessedAt: '2026-13-01' }],
      }),
    }),
    `${ENTRY}.sources[0].accessedAt`,
    'not a calendar date',
  ],
  [
    documentWith({
      python: entry({
        sources: [{ title: 'x', url: 'javascript:alert(1)', accessedAt: '2026-01-01' }],
      }),
    }),
    `${ENTRY}.sources[0].url`,
    'http(s) URL',
  ],
  [
    documentWith({ python: entry({ constraints: [{ type: 'newer-than' }] }) }),
    `${ENTRY}.constraints[0].type`,
    '',
  ],
  [documentWith({ python: entry({ confidense: 'high' }) }), ENTRY, "unknown field 'confidense'"],
  [documentWith({ python: withoutRanges() }), ENTRY, "missing required field 'ranges'"],
  [documentWith({ Python: entry() }), 'versions."1.0".dependencies.Python', 'lowercase slug'],
]

test('each rule reports its fault with path and reason', () => {
  for (const [document, path, fragment] of FAULTS) {
    const faults = validateDocument(document, 'demo')
    const match = faults.find(
      (fault) => formatPath(fault.path) === path && fault.message.includes(fragment),
    )
    assert.ok(
      match,
      `expected a fault at ${path} containing "${fragment}", got ${JSON.stringify(faults.map((f) => `${formatPath(f.path)}: ${f.message}`))}`,
    )
  }
})

test('validation collects every fault instead of stopping at the first', () => {
  const document = documentWith(
    {
      python: entry({ ranges: ['^1', '~2'], lastVerified: '2026-02-31' }),
      node: entry({ confidence: 'high', lastVerified: null, sources: [] }),
    },
    { id: 'wrong', surplus: true },
  )
  const messages = validateDocument(document, 'demo').map(
    (fault) => `${formatPath(fault.path)}: ${fault.message}`,
  )
  assert.ok(messages.length >= 7, messages.join('\n'))
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
