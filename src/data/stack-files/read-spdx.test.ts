import assert from 'node:assert/strict'
import { readFileSync } from 'node:fs'
import { test } from 'node:test'
import { formatStackFile } from './format-stack-file.ts'
import { readSpdx } from './read-spdx.ts'

const fixture = (path: string): unknown =>
  JSON.parse(
    readFileSync(new URL(`../../../test/fixtures/stack-files/${path}`, import.meta.url), 'utf8'),
  )

const ROOT = 'the root: the software the file describes, not a component of the stack it runs on'

// Columns: the fixture (how each was made: test/fixtures/stack-files/README.md), its stack.
const FIXTURES: readonly (readonly [string, string[]])[] = [
  [
    // npm sbom: DEPENDENCY_OF edges, DEV_DEPENDENCY_OF for semver, documentDescribes.
    'spdx-2.3/npm-sbom.spdx.json',
    [
      '@sindresorhus/is 4.6.0 pkg:npm/%40sindresorhus/is@4.6.0 at /packages/1',
      'debug 4.3.7 pkg:npm/debug@4.3.7 at /packages/2',
      'ms 2.0.0 pkg:npm/ms@2.0.0 at /packages/4',
      'semver 7.6.3 pkg:npm/semver@7.6.3 at /packages/5',
      'duplicate ms: kept 2.0.0 (the root depends on it directly), not 2.1.3 at /packages/3',
      `left out stack-demo: ${ROOT} at /packages/0`,
    ],
  ],
  [
    // DEPENDS_ON edges, the root by a DESCRIBES relationship only, a cpe before the purl,
    // a purl without pkg:, a NOASSERTION version.
    'spdx-2.3/depends-on.spdx.json',
    [
      'requests 2.32.3 pkg:pypi/requests@2.32.3 at /packages/1',
      'urllib3 1.26.20 pkg:pypi/urllib3@1.26.20 at /packages/2',
      'idna 3.10 at /packages/4',
      'duplicate urllib3: kept 1.26.20 (the root depends on it directly), not 2.2.3 at /packages/3',
      `left out com.github.example/billing: ${ROOT} at /packages/0`,
      'left out idna: the purl "pypi/idna@3.10" is not a package URL (missing required "pkg" scheme component); the component is kept without it at /packages/4/externalRefs/1/referenceLocator',
      'left out internal-auth: it has no version (NOASSERTION) at /packages/5',
    ],
  ],
]

for (const [path, lines] of FIXTURES) {
  test(`${path} reads as its stack`, () => {
    assert.deepEqual(formatStackFile(readSpdx(fixture(path))), lines)
  })
}

const spdx = (fields: Record<string, unknown>) => ({
  spdxVersion: 'SPDX-2.3',
  SPDXID: 'SPDXRef-DOCUMENT',
  ...fields,
})
const pkg = (id: string, name: string, version?: string) => ({
  SPDXID: `SPDXRef-${id}`,
  name,
  ...(version === undefined ? {} : { versionInfo: version }),
})
const relation = (from: string, type: string, to: string) => ({
  spdxElementId: `SPDXRef-${from}`,
  relationshipType: type,
  relatedSpdxElement: `SPDXRef-${to}`,
})

// Columns: the rule, the document, what is read of it. Every fault names where it is.
const CASES: readonly (readonly [string, unknown, string[]])[] = [
  [
    'a document without spdxVersion is refused',
    { SPDXID: 'SPDXRef-DOCUMENT', packages: [] },
    ['error /spdxVersion: is missing'],
  ],
  [
    'another SPDX version is refused, naming the one read',
    spdx({ spdxVersion: 'SPDX-2.2' }),
    ['error /spdxVersion: SPDX-2.2 is not read: this reader knows SPDX-2.3'],
  ],
  [
    'a package without a name or SPDXID is refused where it is',
    spdx({ packages: [{ SPDXID: 'SPDXRef-a', versionInfo: '1.0.0' }, { name: 'b' }, 7] }),
    [
      'error /packages/0/name: is missing',
      'error /packages/1/SPDXID: is missing',
      'error /packages/2: must be a package object, found 7',
    ],
  ],
  [
    'packages that are no list are refused',
    spdx({ packages: {} }),
    ['error /packages: must be a list, found {}'],
  ],
  [
    'a relationship missing a side is refused',
    spdx({ relationships: [{ spdxElementId: 'SPDXRef-a', relationshipType: 'DEPENDS_ON' }] }),
    ['error /relationships/0/relatedSpdxElement: is missing'],
  ],
  [
    'the root by DESCRIBED_BY; its DEPENDS_ON decides over the higher version',
    spdx({
      packages: [pkg('app', 'app', '1.0.0'), pkg('a1', 'a', '1.0.0'), pkg('a2', 'a', '2.0.0')],
      relationships: [
        relation('app', 'DESCRIBED_BY', 'DOCUMENT'),
        relation('app', 'DEPENDS_ON', 'a1'),
      ],
    }),
    [
      'a 1.0.0 at /packages/1',
      'duplicate a: kept 1.0.0 (the root depends on it directly), not 2.0.0 at /packages/2',
      `left out app: ${ROOT} at /packages/0`,
    ],
  ],
  [
    'an empty version is no version',
    spdx({ packages: [pkg('a', 'a', '')] }),
    ['left out a: it has no version at /packages/0'],
  ],
]

for (const [rule, document, lines] of CASES) {
  test(rule, () => assert.deepEqual(formatStackFile(readSpdx(document)), lines))
}
