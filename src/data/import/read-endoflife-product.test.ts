import assert from 'node:assert/strict'
import { readFileSync } from 'node:fs'
import { test } from 'node:test'
import { readEndoflifeProduct } from './read-endoflife-product.ts'

const FIXTURES = new URL('../../../test/fixtures/endoflife/', import.meta.url)
const fixture = (path: string) => readFileSync(new URL(path, FIXTURES), 'utf8')

/** What a read gives: `LINE:COLUMN: message` per fault, or `ok` and the releases' cycles. */
function summary(text: string, slug = 'demo'): string[] {
  const read = readEndoflifeProduct(text, slug)
  if (!read.ok) return read.faults.map((fault) => `${fault.line}:${fault.column}: ${fault.message}`)
  return [`ok ${read.product.releases.map((release) => release.releaseCycle).join(' ')}`]
}

const GOOD_RELEASE = '  - releaseCycle: "1.0"\n    releaseDate: 2024-01-15\n    eol: false\n'

// Columns: the rule, the file's text, what is read of it. Every fault names its line and column
// in the file (the front matter starts on line 2).
const CASES: readonly (readonly [string, string, string[]])[] = [
  [
    'a file without front matter is not a product file',
    '# Demo\n',
    ['1:1: it has no YAML front matter: the first line of a product file is "---"'],
  ],
  [
    'front matter must be closed',
    '---\npermalink: /demo\n',
    ['1:1: its front matter has no closing "---" line'],
  ],
  [
    'front matter must be YAML',
    '---\npermalink: /demo\nreleases: [\n---\n',
    [
      '4:1: its front matter is not YAML: Flow sequence in block collection must be sufficiently indented and end with a ]',
    ],
  ],
  [
    'a key given twice is a YAML fault',
    '---\npermalink: /demo\npermalink: /other\nreleases: []\n---\n',
    ['3:1: its front matter is not YAML: Map keys must be unique'],
  ],
  [
    'front matter must be a map',
    '---\n- permalink\n---\n',
    ['2:1: its front matter is not a map of fields'],
  ],
  [
    'a product file names its permalink and lists releases',
    '---\ntitle: Demo\n---\n',
    [
      '2:1: permalink is missing: a product file names its page, such as /kubernetes',
      '2:1: releases is missing: a product file lists it',
    ],
  ],
  [
    'releases must be a non-empty list',
    '---\npermalink: /demo\nreleases: []\n---\n',
    ['3:11: releases lists no release cycle'],
  ],
  [
    'permalink and alternate_urls are paths',
    `---\npermalink: demo\nalternate_urls: [/ok, other]\nreleases:\n${GOOD_RELEASE}---\n`,
    [
      '2:12: permalink must be a path such as /kubernetes, found "demo"',
      '3:23: alternate_urls[1] must be a path such as /kubernetes, found "other"',
    ],
  ],
  [
    'an identifier is one kind and its text',
    `---\npermalink: /demo\nidentifiers:\n  - purl: pkg:npm/demo\n    cpe: x\n  - pkg:npm/demo\nreleases:\n${GOOD_RELEASE}---\n`,
    [
      '4:5: identifiers[0] must be one kind and its value, such as purl: pkg:npm/express; found {"purl":"pkg:npm/demo","cpe":"x"}',
      '6:5: identifiers[1] must be one kind and its value, such as purl: pkg:npm/express; found "pkg:npm/demo"',
    ],
  ],
  [
    'every release has a releaseCycle and a releaseDate',
    '---\npermalink: /demo\nreleases:\n  - eol: false\n  - releaseCycle: ""\n    releaseDate: soon\n---\n',
    [
      '4:5: releases[0] has no releaseCycle',
      '4:5: releases[0] has no releaseDate',
      '5:19: releases[1].releaseCycle must be a name such as "1.34", found ""',
      '6:18: releases[1].releaseDate must be a date written YYYY-MM-DD, found "soon"',
    ],
  ],
  [
    'an end is a date, true or false; latest is a version',
    `---\npermalink: /demo\nreleases:\n  - releaseCycle: "1"\n    releaseDate: 2024-01-01\n    eoas: 2024-1-1\n    eol: null\n    eoes: [2025-01-01]\n    lts: yes\n    latest: {v: 1}\n---\n`,
    [
      '6:11: releases[0].eoas must be a date written YYYY-MM-DD, true or false; found "2024-1-1"',
      '7:10: releases[0].eol must be a date written YYYY-MM-DD, true or false; found null',
      '8:11: releases[0].eoes must be a date written YYYY-MM-DD, true or false; found ["2025-01-01"]',
      '9:10: releases[0].lts must be a date written YYYY-MM-DD, true or false; found "yes"',
      '10:13: releases[0].latest must be a version such as "1.34.11", found {"v":"1"}',
    ],
  ],
  [
    'a release cycle listed twice is refused',
    `---\npermalink: /demo\nreleases:\n${GOOD_RELEASE}${GOOD_RELEASE}---\n`,
    ['7:19: releases[1].releaseCycle "1.0" is listed twice (first as releases[0])'],
  ],
  [
    'a cycle YAML reads as a number keeps its digits; latest: "" says nothing',
    '---\npermalink: /demo\nreleases:\n  - releaseCycle: 1.10\n    releaseDate: 2024-01-01\n    latest: ""\n---\nBody\n',
    ['ok 1.10'],
  ],
]

for (const [rule, text, expected] of CASES) {
  test(`readEndoflifeProduct: ${rule}`, () => {
    assert.deepEqual(summary(text), expected)
  })
}

test('readEndoflifeProduct: a real product file reads whole', () => {
  const read = readEndoflifeProduct(fixture('products/kubernetes.md'), 'kubernetes')
  assert.ok(read.ok)
  const { product } = read
  assert.equal(product.permalink, 'kubernetes')
  assert.deepEqual(product.alternateUrls, ['k8s'])
  assert.deepEqual(product.identifiers, [
    { kind: 'purl', value: 'pkg:github/kubernetes/kubernetes' },
    { kind: 'repology', value: 'kubernetes' },
    { kind: 'cpe', value: 'cpe:2.3:a:kubernetes:kubernetes' },
  ])
  assert.deepEqual(product.releases[0], {
    releaseCycle: '1.36',
    releaseDate: '2026-04-22',
    eoas: '2027-04-28',
    eol: '2027-06-28',
    latest: '1.36.4',
  })
  assert.equal(product.releases.length, 21)
  // Positions are the file's: the first release cycle is on line 28.
  assert.deepEqual(product.locate(['releases', 0, 'releaseCycle']), { line: 28, column: 19 })
})

test('readEndoflifeProduct: lts as a date and eoes false are read as written', () => {
  const read = readEndoflifeProduct(fixture('products/nodejs.md'), 'nodejs')
  assert.ok(read.ok)
  const line22 = read.product.releases.find((release) => release.releaseCycle === '22')
  assert.deepEqual(line22, {
    releaseCycle: '22',
    releaseDate: '2024-04-24',
    lts: '2024-10-29',
    eoas: '2025-10-21',
    eol: '2027-04-30',
    eoes: false,
    latest: '22.23.2',
  })
})
