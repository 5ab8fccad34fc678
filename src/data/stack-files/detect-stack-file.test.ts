import assert from 'node:assert/strict'
import { readFileSync } from 'node:fs'
import { test } from 'node:test'
import fc from 'fast-check'
import { countingDocument, valueCount } from '../../../test/support/counting-document.ts'
import { detectStackFile, FORMATS_TRIED } from './detect-stack-file.ts'
import { readCycloneDx } from './read-cyclonedx.ts'
import { readHelmList } from './read-helm-list.ts'
import { readKubectlVersion } from './read-kubectl-version.ts'
import { readPackageLock } from './read-package-lock.ts'
import { readSpdx } from './read-spdx.ts'
import type { StackFileFormat } from './stack-file.ts'

const fixture = (path: string): string =>
  readFileSync(new URL(`../../../test/fixtures/stack-files/${path}`, import.meta.url), 'utf8')

// Columns: the fixture, the format its content tells.
const FIXTURES: readonly (readonly [string, StackFileFormat])[] = [
  ['cyclonedx-1.4/java-service.cdx.json', 'cyclonedx'],
  ['cyclonedx-1.5/npm-sbom.cdx.json', 'cyclonedx'],
  ['cyclonedx-1.6/node-python-image.cdx.json', 'cyclonedx'],
  ['spdx-2.3/npm-sbom.spdx.json', 'spdx'],
  ['spdx-2.3/depends-on.spdx.json', 'spdx'],
  ['package-lock-v2/package-lock.json', 'package-lock'],
  ['package-lock-v3/package-lock.json', 'package-lock'],
  ['requirements/requirements.txt', 'requirements'],
  ['requirements/base.txt', 'requirements'],
  ['helm-list/helm-list.json', 'helm-list'],
  ['helm-list/helm-list-all-namespaces.json', 'helm-list'],
  ['kubectl-version/eks.json', 'kubectl-version'],
  ['kubectl-version/k3s.json', 'kubectl-version'],
]

for (const [path, format] of FIXTURES) {
  test(`${path} is told ${format} by its content, whatever its name`, () => {
    const read = detectStackFile(fixture(path), 'stack.txt')
    assert.ok(read.ok, JSON.stringify(read))
    assert.equal(read.stack.format, format)
  })
}

const NOTHING_FITS = `is not a stack file compat reads (${FORMATS_TRIED})`

// Columns: the rule, the text, the format claimed (null: none), the faults as `LOCATION: REASON`.
const REFUSED: readonly (readonly [string, string, StackFileFormat | null, string[]])[] = [
  ['an empty file', '  \n', null, [`: ${NOTHING_FITS}: it is empty`]],
  ['a file of comments only', '# pins\n', null, [`: ${NOTHING_FITS}: it has only comments`]],
  [
    'prose whose first line happens to read as a requirement',
    'Fixtures\nThese files are read by the tests.\nEach folder names its format.\n',
    null,
    [
      `: ${NOTHING_FITS}: read as requirements.txt, 2 of its 3 lines are neither a requirement nor an option`,
    ],
  ],
  [
    'YAML is no requirements file: its first line is named',
    'apiVersion: v1\nkind: ConfigMap\n',
    null,
    [
      `: ${NOTHING_FITS}: read as requirements.txt, its line 1 is neither a requirement nor an option: apiVersion: v1`,
    ],
  ],
  [
    'broken JSON is located by line and column',
    '{\n  "bomFormat": "CycloneDX",\n}',
    null,
    ["line 3, column 1: is not valid JSON: expected '\"'"],
  ],
  [
    'a JSON object no format claims',
    '{"name": "app", "version": "1.0.0"}',
    null,
    [
      `: ${NOTHING_FITS}: it is a JSON object with none of the fields that tell these formats apart`,
    ],
  ],
  [
    'a JSON list of something else',
    '[1, 2]',
    null,
    [`: ${NOTHING_FITS}: it is a JSON list, but not of releases`],
  ],
  [
    'a JSON string',
    '"flask==3.0.3"',
    null,
    [
      `: ${NOTHING_FITS}: read as requirements.txt, its line 1 is neither a requirement nor an option: "flask==3.0.3"`,
    ],
  ],
  [
    'a CycloneDX document with another bomFormat claims CycloneDX and is refused so',
    '{"bomFormat": "cyclonedx", "specVersion": "1.5"}',
    'cyclonedx',
    ['/bomFormat: must be "CycloneDX", found "cyclonedx"'],
  ],
  [
    'components and specVersion without bomFormat claim CycloneDX',
    '{"specVersion": "1.5", "components": []}',
    'cyclonedx',
    ['/bomFormat: is missing'],
  ],
  [
    'an SPDX document without spdxVersion claims SPDX by its SPDXID',
    '{"SPDXID": "SPDXRef-DOCUMENT", "packages": []}',
    'spdx',
    ['/spdxVersion: is missing'],
  ],
  [
    'a lockfile of npm 6',
    '{"name": "app", "lockfileVersion": 1, "dependencies": {}}',
    'package-lock',
    [
      '/lockfileVersion: lockfileVersion 1 (npm 6) has no "packages" map: this reader reads versions 2 and 3, which npm 7 and later write',
      '/packages: is missing',
    ],
  ],
  [
    'a helm list whose release has no chart',
    '[{"name": "web", "app_version": "1.0"}]',
    'helm-list',
    ['/0/chart: is missing'],
  ],
  [
    'kubectl version without a server',
    fixture('kubectl-version/client-only.json'),
    'kubectl-version',
    [
      "/serverVersion: is missing: the file has only the client's version (kubectl could not reach a cluster), and the cluster's version is the stack",
    ],
  ],
  [
    'the table helm list prints without -o json says what to run',
    'NAME        \tNAMESPACE   \tREVISION\tUPDATED\tSTATUS  \tCHART              \tAPP VERSION\ncert-manager\tcert-manager\t3\t2024-11-05\tdeployed\tcert-manager-v1.15.3\tv1.15.3\n',
    null,
    [
      ': is the table helm list prints, not its JSON: give the output of helm list -o json instead (with --all-namespaces for the whole cluster)',
    ],
  ],
  [
    'what plain kubectl version prints says what to run',
    'Client Version: v1.31.0\nKustomize Version: v5.4.2\nServer Version: v1.30.4-eks-a0f0ba7\n',
    null,
    [
      ': is what kubectl version prints as text: give the output of kubectl version -o json instead',
    ],
  ],
  [
    'a compat stack file says where it goes',
    'components:\n  kubernetes: 1.31\n',
    null,
    [
      ': is a compat stack file, which names the stack itself: give it as the stack file (compat stack FILE, compat plan FILE), not as a file to derive a stack from',
    ],
  ],
  [
    'a requirements file with a broken line',
    'flask==3.0.3\nflask=3.0.3\n',
    'requirements',
    ['req.txt:2: is neither a requirement nor an option: flask=3.0.3'],
  ],
]

for (const [rule, text, format, faults] of REFUSED) {
  test(`refused: ${rule}`, () => {
    const read = detectStackFile(text, 'req.txt')
    assert.ok(!read.ok, JSON.stringify(read))
    assert.equal(read.format, format)
    assert.deepEqual(
      read.faults.map((fault) => `${fault.location}: ${fault.reason}`),
      faults,
    )
  })
}

test('an empty helm list is a stack with no components', () => {
  const read = detectStackFile('[]\n')
  assert.ok(read.ok)
  assert.deepEqual([read.stack.format, read.stack.components], ['helm-list', []])
})

test('a byte order mark before JSON is no fault', () => {
  const read = detectStackFile(`\uFEFF${fixture('kubectl-version/eks.json')}`)
  assert.ok(read.ok)
})

test('includes are followed with the reader given', () => {
  const read = detectStackFile('-r base.txt\n', 'r.txt', {
    readInclude: (path) => ({ name: path, text: 'flask==3.0.3\n' }),
  })
  assert.ok(read.ok)
  assert.deepEqual(
    read.stack.components.map((component) => component.location),
    ['base.txt:1'],
  )
})

// Any text, and any JSON inside the fields that make a document claim a format: always an
// answer (a stack or located faults), never an exception.
const CLAIMS: readonly ((value: unknown) => unknown)[] = [
  (value) => ({
    bomFormat: 'CycloneDX',
    specVersion: '1.6',
    components: value,
    dependencies: value,
  }),
  (value) => ({
    bomFormat: 'CycloneDX',
    specVersion: '1.5',
    metadata: { component: value },
    components: [value],
  }),
  (value) => ({
    spdxVersion: 'SPDX-2.3',
    packages: [value],
    relationships: [value],
    documentDescribes: value,
  }),
  (value) => ({ lockfileVersion: 3, packages: { '': value, 'node_modules/a': value } }),
  (value) => [{ chart: value, name: value, app_version: value, status: value }],
  (value) => ({ serverVersion: value, clientVersion: value }),
]

test('no text and no JSON in a claimed shape makes the reader throw', () => {
  const answers = (text: string) => {
    const read = detectStackFile(text, 'stack.txt', {
      readInclude: (path) => ({ name: path, text }),
    })
    assert.ok(read.ok || read.faults.length > 0)
  }
  // Pieces of requirements syntax among random text reach the line reader's corners.
  const piece = fc.oneof(
    fc.constantFrom('-r a.txt', '-c', '-e .', 'flask==1.0', ' ; x', '[', '@', '\\', '\n', '#', '{'),
    fc.string(),
  )
  fc.assert(
    fc.property(
      fc.array(piece).map((pieces) => pieces.join('')),
      answers,
    ),
  )
  fc.assert(
    fc.property(fc.constantFrom(...CLAIMS), fc.jsonValue(), (claim, value) =>
      answers(JSON.stringify(claim(value))),
    ),
  )
})

const component = (index: number) => ({
  'bom-ref': `pkg:npm/p${index}@1.0.${index}`,
  name: `p${index}`,
  version: `1.0.${index}`,
  purl: `pkg:npm/p${index}@1.0.${index}`,
})

// Columns: the reader, a document of about n values in a shape that once cost more than
// linear time (or that makes a fault of every value), as a function of n.
const GROWING: readonly (readonly [
  string,
  (document: unknown) => unknown,
  (n: number) => unknown,
])[] = [
  [
    'CycloneDX, every component catalogued-looking',
    readCycloneDx,
    (n) => ({
      bomFormat: 'CycloneDX',
      specVersion: '1.6',
      metadata: { component: { 'bom-ref': 'root', name: 'app' } },
      components: Array.from({ length: n / 5 }, (_, index) => component(index)),
      dependencies: [
        { ref: 'root', dependsOn: Array.from({ length: n / 5 }, (_, index) => `p${index}`) },
      ],
    }),
  ],
  [
    'CycloneDX, components that are numbers',
    readCycloneDx,
    (n) => ({ bomFormat: 'CycloneDX', specVersion: '1.6', components: Array(n).fill(1) }),
  ],
  [
    'CycloneDX, empty components',
    readCycloneDx,
    (n) => ({
      bomFormat: 'CycloneDX',
      specVersion: '1.6',
      components: Array.from({ length: n }, () => ({})),
    }),
  ],
  [
    'CycloneDX, one name at many versions',
    readCycloneDx,
    (n) => ({
      bomFormat: 'CycloneDX',
      specVersion: '1.6',
      components: Array.from({ length: n / 3 }, (_, index) => ({
        name: 'same',
        version: `1.${index}`,
      })),
    }),
  ],
  [
    'SPDX, packages and relationships',
    readSpdx,
    (n) => ({
      spdxVersion: 'SPDX-2.3',
      SPDXID: 'SPDXRef-DOCUMENT',
      packages: Array.from({ length: n / 8 }, (_, index) => ({
        name: `p${index}`,
        SPDXID: `SPDXRef-${index}`,
        versionInfo: '1.0.0',
        externalRefs: [{ referenceType: 'purl', referenceLocator: `pkg:npm/p${index}@1.0.0` }],
      })),
      relationships: Array.from({ length: n / 8 }, (_, index) => ({
        spdxElementId: 'SPDXRef-DOCUMENT',
        relationshipType: 'DEPENDS_ON',
        relatedSpdxElement: `SPDXRef-${index}`,
      })),
    }),
  ],
  [
    'package-lock, nested copies',
    readPackageLock,
    (n) => ({
      lockfileVersion: 3,
      packages: Object.fromEntries([
        ['', { name: 'app', dependencies: { ms: '*' } }],
        ...Array.from({ length: n / 3 }, (_, index) => [
          `node_modules/a${index}/node_modules/ms`,
          { version: `2.${index}.0` },
        ]),
      ]),
    }),
  ],
  [
    'helm list, releases whose charts have many dashes',
    readHelmList,
    (n) =>
      Array.from({ length: n / 4 }, (_, index) => ({
        name: `r${index}`,
        chart: `c-1.1.1-1.1.1-${index}`,
        app_version: '1',
        status: 'deployed',
      })),
  ],
  [
    'helm list, releases that are numbers',
    readHelmList,
    (n) => [{ chart: 'a-1.0.0' }, ...Array(n).fill(1)],
  ],
  [
    'kubectl version',
    readKubectlVersion,
    (n) => ({
      clientVersion: { gitVersion: 'v1.31.0' },
      serverVersion: { gitVersion: 'v1.31.0', extra: Array(n).fill(1) },
    }),
  ],
]

test('every JSON reader looks at each value of a document a bounded number of times', () => {
  for (const [shape, read, make] of GROWING) {
    for (const n of [1_000, 10_000, 100_000]) {
      const document = make(n)
      const counting = countingDocument(document)
      read(counting.document)
      const values = valueCount(document)
      assert.ok(
        counting.steps() <= 12 * values + 50,
        `${shape}: ${counting.steps()} steps for ${values} values`,
      )
    }
  }
})

test('a document of two million faults lists the first 100 and counts them all', () => {
  const text = JSON.stringify({
    bomFormat: 'CycloneDX',
    specVersion: '1.6',
    components: Array(2_000_000).fill(1),
  })
  const read = detectStackFile(text)
  assert.equal(read.ok, false)
  if (read.ok) return
  assert.equal(read.faultCount, 2_000_000)
  assert.equal(read.faults.length, 100)
  assert.deepEqual(read.faults[0], {
    reason: 'must be a component object, found 1',
    location: '/components/0',
  })
})

test('a binary file is named as binary, none of its bytes quoted', () => {
  const read = detectStackFile('flask==3.0.3\n\u0000\u0001\u001b[2J secret')
  assert.equal(read.ok, false)
  assert.match(
    !read.ok ? (read.faults[0]?.reason ?? '') : '',
    /it is binary, not text \(a NUL byte at character 14\)$/,
  )
})
