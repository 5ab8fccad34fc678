import assert from 'node:assert/strict'
import { test } from 'node:test'
import { buildDataset } from '../dataset/build-dataset.ts'
import type { ProjectDocument } from '../dataset/schema.ts'
import { componentMatcher } from '../identifiers/component-matcher.ts'
import { type DerivedStack, deriveStack, type FoundStack } from './derive-stack.ts'

const project = (id: string, fields: Partial<ProjectDocument> = {}): ProjectDocument => ({
  id,
  name: id,
  categories: [],
  website: 'https://example.org',
  versions: {},
  ...fields,
})

const { matcher } = componentMatcher(
  buildDataset([
    project('nextjs', { upstream: { npm: 'next' } }),
    project('django', {
      upstream: { pypi: 'Django' },
      identifiers: [{ purl: 'pkg:github/django/django' }],
    }),
    project('kubernetes'),
    project('ingress-nginx'),
    project('gitlab-helm', { identifiers: [{ purl: 'pkg:helm/gitlab' }] }),
  ]),
)

const found = (
  format: string,
  components: FoundStack['components'],
  more: Partial<FoundStack> = {},
) => ({
  format,
  components,
  duplicates: [],
  leftOut: [],
  ...more,
})

// [what, the file as read, the stack, the unmatched names, the duplicated names]
const CASES: readonly (readonly [
  string,
  FoundStack,
  DerivedStack['components'],
  readonly (string | null)[],
  readonly string[],
])[] = [
  [
    'an npm SBOM: matched by purl, the rest named',
    found('cyclonedx', [
      {
        name: 'left-pad',
        version: '1.3.0',
        purl: 'pkg:npm/left-pad@1.3.0',
        location: '/components/0',
      },
      { name: 'next', version: '14.2.3', purl: 'pkg:npm/next@14.2.3', location: '/components/1' },
    ]),
    [['nextjs', '14.2.3']],
    ['left-pad'],
    [],
  ],
  [
    'a cluster: a catalogued chart at its chart version, an application at its app_version',
    found('helm-list', [
      { name: 'gitlab', version: '8.5.1', appVersion: '17.5.1', location: '/0' },
      { name: 'ingress-nginx', version: '4.11.2', appVersion: '1.11.2', location: '/1' },
      { name: 'kubernetes', version: '1.0.0', location: '/2' },
    ]),
    [
      ['gitlab-helm', '8.5.1'],
      ['ingress-nginx', '1.11.2'],
      ['kubernetes', '1.0.0'],
    ],
    [],
    [],
  ],
  [
    'two components of one project: the highest stays, the other is a duplicate',
    found('spdx', [
      { name: 'Django', version: '5.1.4', purl: 'pkg:pypi/django@5.1.4', location: '/packages/0' },
      {
        name: 'django',
        version: '5.2.1',
        purl: 'pkg:github/django/django@5.2.1',
        location: '/packages/1',
      },
      { name: 'django', version: '5.2.1', purl: 'pkg:pypi/Django@5.2.1', location: '/packages/2' },
    ]),
    [['django', '5.2.1']],
    [],
    ['django'],
  ],
  [
    'what a reader left out is listed with what matched nothing, in file order',
    found(
      'requirements',
      [
        {
          name: 'flask',
          version: '3.0.0',
          purl: 'pkg:pypi/flask@3.0.0',
          location: 'requirements.txt:10',
        },
      ],
      { leftOut: [{ name: 'django', reason: 'not pinned', location: 'requirements.txt:2' }] },
    ),
    [],
    ['django', 'flask'],
    [],
  ],
]

for (const [what, file, components, unmatched, duplicates] of CASES) {
  test(`deriveStack: ${what}`, () => {
    const derived = deriveStack(matcher, file)
    assert.deepEqual(derived.components, components)
    assert.deepEqual(
      derived.unmatched.map((entry) => entry.name),
      unmatched,
    )
    assert.deepEqual(
      derived.duplicates.map((entry) => entry.name),
      duplicates,
    )
    assert.deepEqual(derived.derivedFrom, {
      format: file.format,
      components: file.components.length,
      matched: components.length,
    })
  })
}

test('deriveStack: an unmatched purl names the project of the same name first', () => {
  const derived = deriveStack(
    matcher,
    found('cyclonedx', [
      { name: 'django', version: '1.0.0', purl: 'pkg:npm/django@1.0.0', location: '/components/0' },
    ]),
  )
  assert.deepEqual(derived.unmatched[0], {
    name: 'django',
    version: '1.0.0',
    purl: 'pkg:npm/django@1.0.0',
    reason: 'no catalogued project has this package URL',
    nearest: ['django'],
    location: '/components/0',
  })
})

test('deriveStack: a duplicate says which version stays and why', () => {
  const [duplicate] = deriveStack(matcher, CASES[2]?.[1] as FoundStack).duplicates
  assert.deepEqual(duplicate, {
    name: 'django',
    kept: '5.2.1',
    reason: 'several components name this project; django 5.2.1 is the highest',
    others: [{ version: '5.1.4', location: '/packages/0' }],
  })
})
