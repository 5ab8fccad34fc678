import assert from 'node:assert/strict'
import { test } from 'node:test'
import type { ReadMetadata } from './packaging-metadata.ts'
import { type PackumentOptions, readPackument } from './read-packument.ts'

const OPTIONS: PackumentOptions = {
  name: 'demo',
  today: '2026-11-26',
  tags: { rules: [{ template: 'v{version}', ranges: null }], known: null },
  sourceUrl: null,
}

/** A package document whose one release is `manifest`, the rest of it well formed. */
const withRelease = (manifest: unknown, rest: object = {}) => ({
  name: 'demo',
  repository: 'github:demo/demo',
  versions: { '1.0.0': manifest },
  ...rest,
})

/** What a read gives, in a line each: `error …`, `left out …`, `fact VERSION DEPENDENCY RELATIONSHIP DECLARED`. */
function summary(read: ReadMetadata): string[] {
  if (!read.ok) return [`error ${read.error}`]
  return [
    ...read.leftOut.map((line) => `left out ${line}`),
    ...read.releases.flatMap((release) =>
      release.facts.map(
        (fact) =>
          `fact ${release.version} ${fact.dependency} ${fact.relationship} ${fact.declared}`,
      ),
    ),
  ]
}

// Columns: the rule, the document (as JSON), what is read of it. Every fault names where it is.
const CASES: readonly (readonly [string, unknown, string[]])[] = [
  [
    'a document that is no object is refused',
    [],
    ['error demo.json is not an npm package document: the document must be an object, found []'],
  ],
  [
    "a document whose 'versions' is no object is refused, with every fault",
    { name: 7, versions: [], 'dist-tags': { latest: 1 } },
    [
      'error demo.json is not an npm package document: /name must be a non-blank string, found 7; /versions must be an object, found []; /dist-tags/latest must be a string, found 1',
    ],
  ],
  [
    'a document without a name is refused',
    { versions: {} },
    ['error demo.json is not an npm package document: /name is missing'],
  ],
  [
    'engines written as a list (very old packages): no nodejs entry, the peers still read',
    withRelease({ engines: ['node >= 0.4'], peerDependencies: { react: '^18.0.0' } }),
    [
      'left out demo.json: /versions/1.0.0/engines must be an object, found ["node >= 0.4"]; not read',
      'fact 1.0.0 react peer ^18.0.0',
    ],
  ],
  [
    'a peer range that is no text, and an optional flag that is no boolean',
    withRelease({
      engines: { node: 18 },
      peerDependencies: { '@demo/types': 5, react: '^18.0.0' },
      peerDependenciesMeta: { react: { optional: 'yes' } },
    }),
    [
      'left out demo.json: /versions/1.0.0/engines/node must be a string, found 18; not read',
      'left out demo.json: /versions/1.0.0/peerDependencies/@demo~1types must be a string, found 5; not read',
      'left out demo.json: /versions/1.0.0/peerDependenciesMeta/react/optional must be true or false, found "yes"; not read',
      'fact 1.0.0 react peer ^18.0.0',
    ],
  ],
  [
    'a release whose manifest is no object is left out',
    withRelease('broken'),
    ['left out demo.json: /versions/1.0.0 must be an object, found "broken"; left out'],
  ],
  [
    'a repository that is neither text nor object: the release cannot be cited',
    { name: 'demo', repository: 5, versions: { '1.0.0': { engines: { node: '>=18' } } } },
    [
      'left out demo.json: /repository must be a string, an object or null, found 5; not read',
      'left out demo 1.0.0: no GitHub or GitLab repository to cite (pass --source-url); left out',
    ],
  ],
  [
    "the latest release's keywords written as one text, its repository without a URL",
    withRelease(
      { engines: { node: '>=18' }, keywords: 'web, api', repository: { url: 9 } },
      { 'dist-tags': { latest: '1.0.0' } },
    ),
    [
      'left out demo.json: /versions/1.0.0/repository/url must be a string, found 9; not read',
      'left out demo 1.0.0: no GitHub or GitLab repository to cite (pass --source-url); left out',
      'left out demo.json: /versions/1.0.0/keywords must be a list of strings, found "web, api"; not read',
    ],
  ],
]

for (const [rule, document, expected] of CASES) {
  test(`readPackument: ${rule}`, () => {
    assert.deepEqual(
      summary(readPackument(JSON.stringify(document), 'demo.json', OPTIONS)),
      expected,
    )
  })
}

test('readPackument: a document that fits reads whole, without faults', () => {
  const read = readPackument(
    JSON.stringify(withRelease({ engines: { node: ' >=18 ' }, gitHead: 'a'.repeat(40) })),
    'demo.json',
    OPTIONS,
  )
  assert.deepEqual(summary(read), ['fact 1.0.0 nodejs runtime >=18'])
  assert.ok(read.ok)
  assert.equal(read.releases[0]?.source.url, `https://github.com/demo/demo/tree/${'a'.repeat(40)}`)
  assert.deepEqual(read.project, {
    name: 'demo',
    website: 'https://github.com/demo/demo',
    description: null,
    keywords: [],
  })
})

// Columns: the rule, a release's version, its peer range, what it pins (null for nothing).
const PINS: readonly (readonly [string, string, string, string | null])[] = [
  ['the exact version, as `workspace:*` is published', '5.1.1', '5.1.1', 'own version'],
  ['the exact version written with =', '5.1.1', '=5.1.1', 'own version'],
  ['the exact version written with v', '5.1.1', 'v5.1.1', 'own version'],
  ['another exact version', '5.1.1', '5.1.0', 'another version'],
  ['a caret range from the own version admits later releases', '5.1.1', '^5.1.1', null],
  ['a partial version is a whole series', '5.1.0', '5.1', null],
  ['an alternative besides the own version', '5.1.1', '5.1.1 || 6.0.0', null],
  ['a -0 suffix means a pre-release, not the release', '5.1.1', '5.1.1-0', null],
  ['workspace: left unpublished cannot be read at all', '5.1.1', 'workspace:*', null],
]

for (const [rule, version, range, pins] of PINS) {
  test(`readPackument: what a peer pins: ${rule}`, () => {
    const read = readPackument(
      JSON.stringify({
        name: 'demo',
        repository: 'github:demo/demo',
        versions: { [version]: { peerDependencies: { '@demo/ui': range } } },
      }),
      'demo.json',
      OPTIONS,
    )
    assert.ok(read.ok)
    const [fact] = read.releases[0]?.facts ?? []
    assert.equal(fact?.dependency, 'demo-ui')
    assert.equal(fact?.pins ?? null, pins)
  })
}
