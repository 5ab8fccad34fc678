import assert from 'node:assert/strict'
import { readFileSync } from 'node:fs'
import { test } from 'node:test'
import { formatStackFile } from './format-stack-file.ts'
import { readCycloneDx } from './read-cyclonedx.ts'

const fixture = (path: string): unknown =>
  JSON.parse(
    readFileSync(new URL(`../../../test/fixtures/stack-files/${path}`, import.meta.url), 'utf8'),
  )

const ROOT = 'the root: the software the file describes, not a component of the stack it runs on'

// Columns: the fixture (how each was made: test/fixtures/stack-files/README.md), its stack.
const FIXTURES: readonly (readonly [string, string[]])[] = [
  [
    // npm sbom of a project whose direct ms@2.0.0 is older than the ms@2.1.3 debug nests.
    'cyclonedx-1.5/npm-sbom.cdx.json',
    [
      '@sindresorhus/is 4.6.0 pkg:npm/%40sindresorhus/is@4.6.0 at /components/0',
      'debug 4.3.7 pkg:npm/debug@4.3.7 at /components/1',
      'ms 2.0.0 pkg:npm/ms@2.0.0 at /components/3',
      'semver 7.6.3 pkg:npm/semver@7.6.3 at /components/4',
      'duplicate ms: kept 2.0.0 (the root depends on it directly), not 2.1.3 at /components/2',
      `left out stack-demo: ${ROOT} at /metadata/component`,
    ],
  ],
  [
    // Groups joined to names, a nested component, two jackson-databind of which the root
    // depends on neither directly, an excluded scope, no version, a purl without pkg:.
    'cyclonedx-1.4/java-service.cdx.json',
    [
      'org.springframework.boot/spring-boot 3.3.4 pkg:maven/org.springframework.boot/spring-boot@3.3.4 at /components/0',
      'org.springframework/spring-core 6.1.13 pkg:maven/org.springframework/spring-core@6.1.13 at /components/0/components/0',
      'org.postgresql/postgresql 42.7.4 pkg:maven/org.postgresql/postgresql@42.7.4 at /components/1',
      'com.fasterxml.jackson.core/jackson-databind 2.17.2 pkg:maven/com.fasterxml.jackson.core/jackson-databind@2.17.2 at /components/3',
      'debian 12.7 at /components/6',
      'libpq5 16.4-1.pgdg120+1 at /components/7',
      'duplicate com.fasterxml.jackson.core/jackson-databind: kept 2.17.2 (the highest version), not 2.15.4 at /components/2',
      `left out orders-api: ${ROOT} at /metadata/component`,
      'left out org.junit.jupiter/junit-jupiter-api: its scope is "excluded": the SBOM says it is not part of what runs at /components/4',
      'left out vendored-metrics: it has no version at /components/5',
      'left out libpq5: the purl "deb/debian/libpq5@16.4-1.pgdg120+1" is not a package URL (missing required "pkg" scheme component); the component is kept without it at /components/7/purl',
    ],
  ],
  [
    // An image's SBOM: the root depends on express 4 directly, a tool of it on express 5;
    // redis from npm and from PyPI are two components.
    'cyclonedx-1.6/node-python-image.cdx.json',
    [
      'express 4.21.0 pkg:npm/express@4.21.0 at /components/0',
      '@example/admin-tools 0.4.2 pkg:npm/%40example/admin-tools@0.4.2 at /components/2',
      'redis 4.7.0 pkg:npm/redis@4.7.0 at /components/3',
      'redis 5.0.8 pkg:pypi/redis@5.0.8 at /components/4',
      'node 20.17.0 pkg:generic/node@20.17.0 at /components/5',
      'duplicate express: kept 4.21.0 (the root depends on it directly), not 5.0.1 at /components/1',
      `left out registry.example.org/shop/web: ${ROOT} at /metadata/component`,
    ],
  ],
]

for (const [path, lines] of FIXTURES) {
  test(`${path} reads as its stack`, () => {
    assert.deepEqual(formatStackFile(readCycloneDx(fixture(path))), lines)
  })
}

const bom = (fields: Record<string, unknown>) => ({
  bomFormat: 'CycloneDX',
  specVersion: '1.5',
  ...fields,
})

// Columns: the rule, the document, what is read of it. Every fault names where it is.
const CASES: readonly (readonly [string, unknown, string[]])[] = [
  ['a BOM without components is an empty stack', bom({}), []],
  [
    'another bomFormat is refused',
    { bomFormat: 'SPDX', specVersion: '1.5' },
    ['error /bomFormat: must be "CycloneDX", found "SPDX"'],
  ],
  [
    'a specVersion this reader does not know is refused, naming the ones it does',
    bom({ specVersion: '1.3' }),
    ['error /specVersion: CycloneDX 1.3 is not read: this reader knows 1.4, 1.5, 1.6'],
  ],
  [
    'a document without bomFormat or specVersion is refused for each',
    { components: [] },
    ['error /bomFormat: is missing', 'error /specVersion: is missing'],
  ],
  [
    'components that are no list are refused',
    bom({ components: { name: 'a' } }),
    ['error /components: must be a list, found {"name":"a"}'],
  ],
  [
    'every component without a name is named, nested ones too',
    bom({
      components: [
        { version: '1.0.0' },
        { name: 'a', version: '1.0.0', components: [{ name: ' ', version: '2.0.0' }] },
        'b@1.0.0',
      ],
    }),
    [
      'error /components/0/name: is missing',
      'error /components/1/components/0/name: must be a non-blank string, found " "',
      'error /components/2: must be a component object, found "b@1.0.0"',
    ],
  ],
  [
    'fields of the wrong kind are refused where they are',
    bom({ components: [{ name: 'a', version: 1, purl: 7 }] }),
    [
      'error /components/0/version: must be a string, found 1',
      'error /components/0/purl: must be a string, found 7',
    ],
  ],
  [
    'a dependency graph of the wrong shape is refused where it breaks',
    bom({ dependencies: [{ dependsOn: ['a'] }, { ref: 'b', dependsOn: [3] }, 'c'] }),
    [
      'error /dependencies/0/ref: is missing',
      'error /dependencies/1/dependsOn/0: must be a bom-ref string, found 3',
      'error /dependencies/2: must be an object, found "c"',
    ],
  ],
  [
    'the root listed among the components too is still the root',
    bom({
      metadata: { component: { 'bom-ref': 'app', name: 'app', version: '1.0.0' } },
      components: [{ 'bom-ref': 'app', name: 'app', version: '1.0.0' }],
    }),
    [`left out app: ${ROOT} at /metadata/component`, `left out app: ${ROOT} at /components/0`],
  ],
  [
    'without a graph, the highest version of a name is kept',
    bom({
      components: [
        { name: 'a', version: '1.2.0' },
        { name: 'a', version: '1.10.0' },
      ],
    }),
    [
      'a 1.10.0 at /components/1',
      'duplicate a: kept 1.10.0 (the highest version), not 1.2.0 at /components/0',
    ],
  ],
]

for (const [rule, document, lines] of CASES) {
  test(rule, () => assert.deepEqual(formatStackFile(readCycloneDx(document)), lines))
}
