import assert from 'node:assert/strict'
import { test } from 'node:test'
import { endoflifeIdentifiers } from './endoflife-identifiers.ts'

// Columns: the rule, the product's item (kind, value), what becomes of it: the identifier taken,
// or `left out: why`.
const CASES: readonly (readonly [string, string, string, string])[] = [
  [
    'a purl is taken',
    'purl',
    'pkg:github/kubernetes/kubernetes',
    'purl pkg:github/kubernetes/kubernetes',
  ],
  [
    'a scoped npm purl (%40) is taken',
    'purl',
    'pkg:npm/%40angular/core',
    'purl pkg:npm/%40angular/core',
  ],
  ['a CPE 2.3 name is taken', 'cpe', 'cpe:2.3:a:apache:kafka', 'cpe cpe:2.3:a:apache:kafka'],
  ['a Repology name is taken', 'repology', 'python:django', 'repology python:django'],
  [
    'a CPE 2.2 name is not rewritten',
    'cpe',
    'cpe:/a:apache:kafka',
    'left out: left out identifier cpe: cpe:/a:apache:kafka: not a CPE 2.3 name (cpe:2.3:…); the CPE 2.2 form cpe:/… is not rewritten',
  ],
  [
    'a purl with qualifiers names one distribution, not the project',
    'purl',
    'pkg:oci/argocd?repository_url=quay.io/argoproj',
    "left out: left out identifier purl: pkg:oci/argocd?repository_url=quay.io/argoproj: it has a version, qualifiers or a subpath ('@', '?' or '#'); a project's purl has none (a scope's @ is written %40)",
  ],
  [
    'a purl with a version names one release',
    'purl',
    'pkg:npm/express@4.21.0',
    "left out: left out identifier purl: pkg:npm/express@4.21.0: it has a version, qualifiers or a subpath ('@', '?' or '#'); a project's purl has none (a scope's @ is written %40)",
  ],
  [
    'a text that is no purl',
    'purl',
    'npm/express',
    'left out: left out identifier purl: npm/express: not a package URL such as pkg:npm/express',
  ],
  [
    'a kind compat does not record',
    'swid',
    'alpine',
    'left out: left out identifier swid: alpine: compat records purl, cpe and repology identifiers, not swid',
  ],
]

for (const [rule, kind, value, expected] of CASES) {
  test(`endoflifeIdentifiers: ${rule}`, () => {
    const converted = endoflifeIdentifiers([{ kind, value }])
    const read = [
      ...converted.identifiers.map((identifier) => Object.entries(identifier)[0]?.join(' ')),
      ...converted.leftOut.map((item) => `left out: ${item.message}`),
    ]
    assert.deepEqual(read, [expected])
  })
}

test('endoflifeIdentifiers: each identifier once, in the product order; left out by index', () => {
  const converted = endoflifeIdentifiers([
    { kind: 'repology', value: 'kafka' },
    { kind: 'cpe', value: 'cpe:/a:apache:kafka' },
    { kind: 'purl', value: 'pkg:github/apache/kafka' },
    { kind: 'repology', value: 'kafka' },
  ])
  assert.deepEqual(converted.identifiers, [
    { repology: 'kafka' },
    { purl: 'pkg:github/apache/kafka' },
  ])
  assert.deepEqual(
    converted.leftOut.map((item) => item.index),
    [1],
  )
})
