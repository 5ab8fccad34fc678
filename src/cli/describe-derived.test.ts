import assert from 'node:assert/strict'
import { test } from 'node:test'
import type { DerivedFile } from '../data/stack-files/merge-derived-stacks.ts'
import { describeCounts, describeDerived } from './describe-derived.ts'

const RELEASES: DerivedFile = {
  file: 'releases.json',
  derivedFrom: { format: 'helm-list', components: 4, matched: 2 },
  matches: [
    {
      name: 'cert-manager',
      version: 'v1.15.3',
      project: 'cert-manager',
      by: 'purl',
      location: '/0',
    },
    {
      name: 'ingress-nginx',
      version: '1.11.2',
      project: 'ingress-nginx',
      by: 'name',
      location: '/1',
    },
  ],
  unmatched: [
    {
      name: 'kube-prometheus-stack',
      version: '65.1.0',
      purl: null,
      reason: 'no catalogued project has this name',
      nearest: [],
      location: '/2',
    },
    {
      name: 'redis',
      version: '4.7.0',
      purl: 'pkg:npm/redis@4.7.0',
      reason: 'no catalogued project has this package URL',
      nearest: ['redis', 'redis-py'],
      location: '/3',
    },
    { name: null, version: null, purl: null, reason: 'it is empty', nearest: [], location: '' },
  ],
  duplicates: [
    {
      name: 'ingress-nginx',
      kept: '4.11.2',
      reason: 'the highest version',
      others: [
        { version: '4.10.1', location: '/4' },
        { version: '4.9.0', location: '/5' },
      ],
    },
  ],
}

const EMPTY: DerivedFile = {
  file: 'sbom.json',
  derivedFrom: { format: 'cyclonedx', components: 1, matched: 0 },
  matches: [],
  unmatched: [],
  duplicates: [],
}

// [file, its counts line]
const COUNTS = [
  [
    RELEASES,
    'releases.json: helm list -o json, 4 components, 2 matched, 3 left out, 1 at several versions',
  ],
  [EMPTY, 'sbom.json: CycloneDX JSON, 1 component, 0 matched'],
] as const

for (const [file, line] of COUNTS) {
  test(`describeCounts: ${line}`, () => assert.equal(describeCounts(file), line))
}

test('describeDerived: every match, every component left out and every duplicate, one line each', () => {
  assert.deepEqual(describeDerived([RELEASES]), [
    'releases.json: helm list -o json, 4 components, 2 matched, 3 left out, 1 at several versions',
    'MATCHED        VERSION  PROJECT        BY    AT',
    'cert-manager   v1.15.3  cert-manager   purl  /0',
    'ingress-nginx  1.11.2   ingress-nginx  name  /1',
    'LEFT OUT               VERSION  AT          NEAREST          REASON',
    'kube-prometheus-stack  65.1.0   /2          -                no catalogued project has this name',
    'redis                  4.7.0    /3          redis, redis-py  no catalogued project has this package URL',
    '(no name)              -        (the file)  -                it is empty',
    'SEVERAL VERSIONS  KEPT    OTHERS                     REASON',
    'ingress-nginx     4.11.2  4.10.1 at /4, 4.9.0 at /5  the highest version',
  ])
})

test('describeDerived: files apart by a blank line; a last line when nothing matched', () => {
  assert.deepEqual(describeDerived([EMPTY, { ...EMPTY, file: 'other.json' }]), [
    'sbom.json: CycloneDX JSON, 1 component, 0 matched',
    '',
    'other.json: CycloneDX JSON, 1 component, 0 matched',
    'Nothing in the files matched a catalogued project: the stack is empty.',
  ])
  assert.equal(
    describeDerived([RELEASES, EMPTY]).at(-1),
    'sbom.json: CycloneDX JSON, 1 component, 0 matched',
  )
})
