import assert from 'node:assert/strict'
import { test } from 'node:test'
import type { Conflict, MergedComponent } from '../data/stack-files/merge-derived-stacks.ts'
import { conflictMessage } from '../data/stack-files/merge-derived-stacks.ts'
import { fromArgs, stackPairs } from './stack-from-files.ts'

const at = (file: string, location: string) => ({
  file,
  name: 'kubernetes',
  location,
  by: 'name' as const,
})

// [conflicts, the message]
const CONFLICTS: readonly (readonly [Conflict[], string])[] = [
  [
    [
      {
        project: 'kubernetes',
        first: { version: 'v1.30.4-eks-a0f0ba7', ...at('eks.json', '/serverVersion/gitVersion') },
        second: { version: '1.31.2', ...at('sbom.json', '/components/7') },
      },
    ],
    'kubernetes is v1.30.4-eks-a0f0ba7 in eks.json (at /serverVersion/gitVersion) and 1.31.2 in sbom.json (at /components/7): files of one deployment name one version of each project; give the files of one deployment, or check each file on its own',
  ],
  [
    [
      {
        project: 'django',
        first: { version: '4.2.16', ...at('requirements.txt', 'base.txt:3') },
        second: { version: '5.1', ...at('bom.json', '') },
      },
      {
        project: 'numpy',
        first: { version: '2.1.2', ...at('requirements.txt', 'requirements.txt:15') },
        second: { version: '1.26.4', ...at('bom.json', '/components/2') },
      },
    ],
    'django is 4.2.16 in requirements.txt (at base.txt:3) and 5.1 in bom.json (at the file); numpy is 2.1.2 in requirements.txt (at requirements.txt:15) and 1.26.4 in bom.json (at /components/2): files of one deployment name one version of each project; give the files of one deployment, or check each file on its own',
  ],
]

for (const [conflicts, message] of CONFLICTS) {
  test(`conflictMessage: ${conflicts.map((conflict) => conflict.project).join(', ')}`, () => {
    assert.equal(conflictMessage(conflicts), message)
  })
}

// [files, as typed in a shell]
const FROM_ARGS = [
  [['sbom.json'], '--from sbom.json'],
  [['helm/releases.json', 'version.json'], '--from helm/releases.json --from version.json'],
  [["my sbom's.json"], "--from 'my sbom'\\''s.json'"],
] as const

for (const [files, args] of FROM_ARGS) {
  test(`fromArgs: ${args}`, () => assert.equal(fromArgs(files), args))
}

test('stackPairs: each project id and its version, in order', () => {
  const component = (project: string, version: string): MergedComponent => ({
    project,
    version,
    foundAt: [],
    packages: [],
  })
  assert.deepEqual(
    stackPairs([component('kubernetes', 'v1.31.2+k3s1'), component('cert-manager', 'v1.15.3')]),
    [
      ['kubernetes', 'v1.31.2+k3s1'],
      ['cert-manager', 'v1.15.3'],
    ],
  )
})
