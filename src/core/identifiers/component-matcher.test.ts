import assert from 'node:assert/strict'
import { test } from 'node:test'
import { buildDataset } from '../dataset/build-dataset.ts'
import type { ProjectDocument } from '../dataset/schema.ts'
import { type ComponentName, componentMatcher } from './component-matcher.ts'

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
    project('nextjs', { aliases: ['next.js'], upstream: { npm: 'next' } }),
    project('nestjs', { upstream: { npm: '@nestjs/core' } }),
    project('django', { upstream: { pypi: 'Django' } }),
    project('kubernetes', { identifiers: [{ purl: 'pkg:github/kubernetes/kubernetes' }] }),
    project('postgresql', { identifiers: [{ purl: 'pkg:docker/library/postgres' }] }),
    // One repository, two products: its implied purl names neither.
    project('cluster-autoscaler', { upstream: { github: 'kubernetes/autoscaler' } }),
    project('vertical-pod-autoscaler', { upstream: { github: 'kubernetes/autoscaler' } }),
    // A written purl wins over another project's implied one.
    project('grafana', { upstream: { github: 'grafana/grafana' } }),
    project('redis', { identifiers: [{ purl: 'pkg:docker/library/redis' }] }),
    project('python'),
    project('grafana-chart', { identifiers: [{ purl: 'pkg:github/grafana/grafana' }] }),
  ]),
)

// [component, project (null: none), by, or the nearest names]
const CASES: readonly (readonly [ComponentName, string | null, string | readonly string[]])[] = [
  [{ name: 'next', purl: 'pkg:npm/next@14.2.3' }, 'nextjs', 'purl'],
  [{ name: 'whatever', purl: 'pkg:npm/next@14.2.3?foo=bar' }, 'nextjs', 'purl'],
  [{ name: 'core', purl: 'pkg:npm/%40nestjs/core@10.0.0' }, 'nestjs', 'purl'],
  [{ name: 'Django', purl: 'pkg:pypi/django@5.2' }, 'django', 'purl'],
  [{ name: 'k8s', purl: 'pkg:github/Kubernetes/Kubernetes@v1.34.2' }, 'kubernetes', 'purl'],
  [{ name: 'postgres', purl: 'pkg:docker/library/postgres@17' }, 'postgresql', 'purl'],
  [{ name: 'next.js' }, 'nextjs', 'name'],
  // A purl says which package it is: the same name in another ecosystem is another package.
  [{ name: 'django', purl: 'pkg:pypi/not-django@1' }, null, ['django']],
  [{ name: 'redis', purl: 'pkg:npm/redis@4.6.0' }, null, ['redis']],
  [{ name: 'redis', purl: 'pkg:docker/redis@7.4' }, 'redis', 'purl'],
  [{ name: 'python', purl: 'pkg:generic/python@3.12.1' }, 'python', 'name'],
  [
    { name: 'cluster-autoscaler', purl: 'pkg:github/kubernetes/autoscaler@1.31.0' },
    'cluster-autoscaler',
    'name',
  ],
  // Two projects share that repository, so the component is named to the user, not guessed.
  [
    { name: 'autoscaler', purl: 'pkg:github/kubernetes/autoscaler@1.31.0' },
    null,
    ['cluster-autoscaler', 'vertical-pod-autoscaler'],
  ],
  [{ name: 'grafana', purl: 'pkg:github/grafana/grafana@11.0.0' }, 'grafana-chart', 'purl'],
  [{ name: 'djangoo' }, null, ['django']],
  [{ name: 'left-pad', purl: 'not a purl' }, null, []],
]

for (const [component, expected, how] of CASES) {
  test(`match(${JSON.stringify(component)}) is ${expected ?? 'no project'}`, () => {
    const match = matcher.match(component)
    assert.equal(match.project, expected)
    assert.equal(matcher.projectOf(component), expected, 'projectOf answers as match does')
    if (match.project === null) assert.deepEqual('nearest' in match ? match.nearest : null, how)
    else assert.equal('by' in match ? match.by : null, how)
  })
}
