import assert from 'node:assert/strict'
import { readFileSync } from 'node:fs'
import { test } from 'node:test'
import { compareVersions } from '../../core/version/compare-versions.ts'
import { parseVersion } from '../../core/version/parse-version.ts'
import { formatStackFile } from './format-stack-file.ts'
import { readKubectlVersion } from './read-kubectl-version.ts'

const fixture = (path: string): unknown =>
  JSON.parse(
    readFileSync(new URL(`../../../test/fixtures/stack-files/${path}`, import.meta.url), 'utf8'),
  )

const CLIENT = (version: string) =>
  `left out kubectl: the client at ${version}: the machine kubectl ran on, not the cluster at /clientVersion/gitVersion`
const KUSTOMIZE =
  "left out kustomize: kubectl's built-in kustomize at v5.4.2: part of the client, not the cluster at /kustomizeVersion"

// Columns: the fixture (how each was made: test/fixtures/stack-files/README.md), its stack.
const FIXTURES: readonly (readonly [string, string[]])[] = [
  [
    'kubectl-version/eks.json',
    ['kubernetes v1.30.4-eks-a0f0ba7 at /serverVersion/gitVersion', CLIENT('v1.31.1'), KUSTOMIZE],
  ],
  [
    'kubectl-version/k3s.json',
    ['kubernetes v1.31.2+k3s1 at /serverVersion/gitVersion', CLIENT('v1.31.2+k3s1'), KUSTOMIZE],
  ],
  [
    'kubectl-version/client-only.json',
    [
      "error /serverVersion: is missing: the file has only the client's version (kubectl could not reach a cluster), and the cluster's version is the stack",
    ],
  ],
]

for (const [path, lines] of FIXTURES) {
  test(`${path} reads as its stack`, () => {
    assert.deepEqual(formatStackFile(readKubectlVersion(fixture(path))), lines)
  })
}

// Columns: the rule, the document, what is read of it.
const CASES: readonly (readonly [string, unknown, string[]])[] = [
  [
    'a server without gitVersion is refused',
    { serverVersion: { major: '1', minor: '30' } },
    ['error /serverVersion/gitVersion: is missing'],
  ],
  [
    'a serverVersion that is no object is refused',
    { serverVersion: 'v1.30.4' },
    ['error /serverVersion: must be an object, found "v1.30.4"'],
  ],
]

for (const [rule, document, lines] of CASES) {
  test(rule, () => assert.deepEqual(formatStackFile(readKubectlVersion(document)), lines))
}

test('vendor suffixes are kept as deployed, and the version order reads them as the release they build on', () => {
  for (const [deployed, release] of [
    ['v1.30.4-eks-a0f0ba7', '1.30.4'],
    ['v1.31.2+k3s1', '1.31.2'],
  ] as const) {
    const version = parseVersion(deployed)
    assert.ok(version !== null, `${deployed} parses`)
    assert.equal(compareVersions(version, parseVersion(release) ?? assert.fail()), 0)
  }
})
