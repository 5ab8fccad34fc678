import assert from 'node:assert/strict'
import { test } from 'node:test'
import { ComponentMatcher } from '../../core/identifiers/component-matcher.ts'
import { derivedFields, type FoundFile, mergeDerivedStacks } from './merge-derived-stacks.ts'
import type { StackFile } from './stack-file.ts'

// Three catalogued projects: express by its npm purl, cert-manager by its chart's purl,
// kubernetes (alias k8s) by name.
const matcher = new ComponentMatcher({
  purls: [
    ['npm//express', 'express'],
    ['helm//cert-manager', 'cert-manager'],
  ],
  names: [
    ['cert-manager', 'cert-manager'],
    ['express', 'express'],
    ['kubernetes', 'kubernetes'],
    ['k8s', 'kubernetes'],
  ],
})

const sbom: StackFile = {
  format: 'cyclonedx',
  components: [
    {
      name: 'express',
      version: '4.21.0',
      purl: 'pkg:npm/express@4.21.0',
      location: '/components/0',
    },
    {
      name: 'left-pad',
      version: '1.3.0',
      purl: 'pkg:npm/left-pad@1.3.0',
      location: '/components/1',
    },
    { name: 'kubernetes', version: '1.31.2', location: '/components/2' },
  ],
  duplicates: [],
  leftOut: [{ name: 'shop', reason: 'the root', location: '/metadata/component' }],
}
const releases: StackFile = {
  format: 'helm-list',
  components: [{ name: 'cert-manager', version: 'v1.15.3', appVersion: 'v1.15.3', location: '/0' }],
  duplicates: [],
  leftOut: [],
}
const version = (gitVersion: string): StackFile => ({
  format: 'kubectl-version',
  components: [{ name: 'kubernetes', version: gitVersion, location: '/serverVersion/gitVersion' }],
  duplicates: [],
  leftOut: [],
})

const file = (name: string, stack: StackFile): FoundFile => ({ file: name, stack })

// [case, files, the merged stack as project@version[packages], or the conflicts]
const CASES: readonly (readonly [string, FoundFile[], string[]])[] = [
  [
    'one file: its stack, packages from the purls that matched',
    [file('sbom.json', sbom)],
    ['express@4.21.0[express]', 'kubernetes@1.31.2[]'],
  ],
  [
    'a helm release matched by its chart is released as that chart',
    [file('releases.json', releases), file('version.json', version('v1.31.2+k3s1'))],
    ['cert-manager@v1.15.3[cert-manager]', 'kubernetes@v1.31.2+k3s1[]'],
  ],
  [
    'one version written two ways is one version: the first file’s text stays',
    [file('version.json', version('v1.31.2+k3s1')), file('sbom.json', sbom)],
    ['kubernetes@v1.31.2+k3s1[]', 'express@4.21.0[express]'],
  ],
  [
    'different versions in two files: a conflict naming both',
    [file('sbom.json', sbom), file('version.json', version('v1.30.4-eks-a0f0ba7'))],
    [
      'conflict kubernetes: 1.31.2 in sbom.json at /components/2, v1.30.4-eks-a0f0ba7 in version.json at /serverVersion/gitVersion',
    ],
  ],
]

for (const [name, files, expected] of CASES) {
  test(`mergeDerivedStacks: ${name}`, () => {
    const merged = mergeDerivedStacks(matcher, files)
    const got = merged.ok
      ? merged.components.map(
          ({ project, version, packages }) => `${project}@${version}[${packages.join(',')}]`,
        )
      : merged.conflicts.map(
          ({ project, first, second }) =>
            `conflict ${project}: ${first.version} in ${first.file} at ${first.location}, ${second.version} in ${second.file} at ${second.location}`,
        )
    assert.deepEqual(got, expected)
    assert.deepEqual(
      merged.files.map((derived) => derived.file),
      files.map((found) => found.file),
    )
  })
}

test('mergeDerivedStacks: where each component was found, every file it was found in', () => {
  const merged = mergeDerivedStacks(matcher, [
    file('sbom.json', sbom),
    file('version.json', version('1.31.2')),
  ])
  assert.ok(merged.ok)
  assert.deepEqual(merged.components[1]?.foundAt, [
    { file: 'sbom.json', name: 'kubernetes', location: '/components/2', by: 'name' },
    { file: 'version.json', name: 'kubernetes', location: '/serverVersion/gitVersion', by: 'name' },
  ])
  assert.deepEqual(
    merged.files[0]?.unmatched.map((item) => [item.name, item.reason]),
    [
      ['left-pad', 'no catalogued project has this package URL'],
      ['shop', 'the root'],
    ],
  )
})

test('derivedFields: one file is the API’s fields; several, a list and a file in each item', () => {
  const one = mergeDerivedStacks(matcher, [file('sbom.json', sbom)])
  const oneFields = JSON.parse(JSON.stringify(derivedFields(one.files)))
  assert.deepEqual(Object.keys(oneFields), ['derivedFrom', 'matches', 'unmatched', 'duplicates'])
  assert.deepEqual(oneFields.derivedFrom, { format: 'cyclonedx', components: 3, matched: 2 })
  assert.equal(oneFields.matches[0].file, undefined)

  const two = mergeDerivedStacks(matcher, [
    file('releases.json', releases),
    file('sbom.json', sbom),
  ])
  const twoFields = JSON.parse(JSON.stringify(derivedFields(two.files)))
  assert.deepEqual(twoFields.derivedFrom, [
    { file: 'releases.json', format: 'helm-list', components: 1, matched: 1 },
    { file: 'sbom.json', format: 'cyclonedx', components: 3, matched: 2 },
  ])
  assert.deepEqual(
    twoFields.matches.map((match: { file: string; name: string }) => `${match.file} ${match.name}`),
    ['releases.json cert-manager', 'sbom.json express', 'sbom.json kubernetes'],
  )
  assert.deepEqual(Object.keys(twoFields.unmatched[0]), [
    'file',
    'name',
    'version',
    'purl',
    'reason',
    'nearest',
    'location',
  ])
})
