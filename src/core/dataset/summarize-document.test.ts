import assert from 'node:assert/strict'
import { test } from 'node:test'
import { documentWith, entry } from '../../../test/support/document-builders.ts'
import { type DocumentSummary, summarizeDocument } from './summarize-document.ts'

const twoVersions = {
  ...documentWith({ python: entry(), postgresql: entry() }, { id: 'app', aliases: ['the-app'] }),
  versions: {
    '1.0': { dependencies: { python: entry(), postgresql: entry() } },
    '2.0': { dependencies: { python: entry(), redis: entry() } },
  },
}

// [case, document, summary]
const CASES: readonly (readonly [string, unknown, DocumentSummary])[] = [
  [
    'keys counted over every version, in the order first met',
    twoVersions,
    {
      id: 'app',
      aliases: [[0, 'the-app']],
      keyUses: [
        ['python', 2],
        ['postgresql', 1],
        ['redis', 1],
      ],
      entryCount: 4,
      purls: [],
      impliedPurls: [],
    },
  ],
  [
    'only string aliases, with their places in the list',
    documentWith({}, { aliases: [3, 'demo-2'] }),
    {
      id: 'demo',
      aliases: [[1, 'demo-2']],
      keyUses: [],
      entryCount: 0,
      purls: [],
      impliedPurls: [],
    },
  ],
  [
    'an entry that is not a mapping is not counted',
    documentWith({ python: 'yes', node: entry() }),
    { id: 'demo', aliases: [], keyUses: [['node', 1]], entryCount: 1, purls: [], impliedPurls: [] },
  ],
  [
    'a file that did not parse',
    null,
    { id: undefined, aliases: [], keyUses: [], entryCount: 0, purls: [], impliedPurls: [] },
  ],
  [
    'an id that is not a string',
    { id: 7 },
    { id: undefined, aliases: [], keyUses: [], entryCount: 0, purls: [], impliedPurls: [] },
  ],
  [
    'purl identifiers that parse, as they compare, with their places',
    documentWith(
      {},
      {
        identifiers: [
          { repology: 'demo' },
          { purl: 'pkg:pypi/Demo_Lib' },
          { purl: 'not a purl' },
          { purl: 'pkg:github/Demo/Demo' },
        ],
      },
    ),
    {
      id: 'demo',
      aliases: [],
      keyUses: [],
      entryCount: 0,
      purls: [
        [1, 'pypi//demo-lib'],
        [3, 'github/demo/demo'],
      ],
      impliedPurls: [],
    },
  ],
  [
    'the purl its upstream implies',
    documentWith({}, { upstream: { npm: '@demo/core' } }),
    {
      id: 'demo',
      aliases: [],
      keyUses: [],
      entryCount: 0,
      purls: [],
      impliedPurls: ['npm/@demo/core'],
    },
  ],
]

for (const [name, document, summary] of CASES) {
  test(`summarizeDocument: ${name}`, () => assert.deepEqual(summarizeDocument(document), summary))
}
