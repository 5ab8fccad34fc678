// biome-ignore-all lint/suspicious/noTemplateCurlyInString: the cases are files' own ${VARIABLES}, not templates
import assert from 'node:assert/strict'
import { test } from 'node:test'
import { purlKey, readPurl } from '../../core/purl/read-purl.ts'
import { readImageReference, tagVersion } from './image-reference.ts'

// [reference, name, purl (null: no reference), what the tag says]
const CASES = [
  ['node:20.11-alpine', 'node', 'pkg:docker/library/node', { version: '20.11' }],
  [
    'node',
    'node',
    'pkg:docker/library/node',
    { unknown: 'without a tag it is whatever latest is when pulled' },
  ],
  [
    'node:latest',
    'node',
    'pkg:docker/library/node',
    { unknown: "the tag 'latest' names no version" },
  ],
  [
    'node:lts-alpine',
    'node',
    'pkg:docker/library/node',
    { unknown: "the tag 'lts-alpine' names no version" },
  ],
  ['python:3.12-slim-bookworm', 'python', 'pkg:docker/library/python', { version: '3.12' }],
  ['python:3.13.0rc1-slim', 'python', 'pkg:docker/library/python', { version: '3.13.0rc1' }],
  [
    'docker.io/library/postgres:16.4',
    'docker.io/library/postgres',
    'pkg:docker/library/postgres',
    { version: '16.4' },
  ],
  [
    'index.docker.io/postgres:16',
    'index.docker.io/postgres',
    'pkg:docker/library/postgres',
    { version: '16' },
  ],
  [
    'bitnami/postgresql:16',
    'bitnami/postgresql',
    'pkg:docker/bitnami/postgresql',
    { version: '16' },
  ],
  [
    'postgres:12.2@sha256:c52d4eac43883c53113cee0ebd1ce0fe53ef0604708822901ecca6655968fa9a',
    'postgres',
    'pkg:docker/library/postgres',
    { version: '12.2' },
  ],
  [
    'postgres@sha256:c52d4eac',
    'postgres',
    'pkg:docker/library/postgres',
    { unknown: 'it is pinned by digest alone, which names no version' },
  ],
  [
    'quay.io/keycloak/keycloak:26.0',
    'quay.io/keycloak/keycloak',
    'pkg:docker/keycloak/keycloak?repository_url=quay.io',
    { version: '26.0' },
  ],
  [
    'docker.elastic.co/elasticsearch/elasticsearch:8.15.0',
    'docker.elastic.co/elasticsearch/elasticsearch',
    'pkg:docker/elasticsearch/elasticsearch?repository_url=docker.elastic.co',
    { version: '8.15.0' },
  ],
  [
    'localhost:5000/app:1.2',
    'localhost:5000/app',
    'pkg:docker/app?repository_url=localhost%3A5000',
    { version: '1.2' },
  ],
  [
    'public.ecr.aws/docker/library/node:22',
    'public.ecr.aws/docker/library/node',
    'pkg:docker/library/node',
    { version: '22' },
  ],
  [
    'mirror.gcr.io/redis:7.2',
    'mirror.gcr.io/redis',
    'pkg:docker/library/redis',
    { version: '7.2' },
  ],
  [
    'ghcr.io/org/team/app:v1.2.3',
    'ghcr.io/org/team/app',
    'pkg:docker/org/team/app?repository_url=ghcr.io',
    { version: 'v1.2.3' },
  ],
  ['', null, null, null],
  ['node:${TAG}', null, null, null],
  ['has space:1', null, null, null],
  ['node:', null, null, null],
] as const

for (const [text, name, purl, tag] of CASES) {
  test(`image '${text}' is ${purl ?? 'no reference'}`, () => {
    const reference = readImageReference(text)
    if (purl === null) {
      assert.equal(reference, null)
      return
    }
    assert.equal(reference?.name, name)
    assert.equal(reference?.purl, purl)
    assert.ok('purl' in readPurl(purl), 'a purl the purl specification reads')
    assert.deepEqual(tagVersion(reference?.tag ?? null, reference?.digest ?? null), tag)
  })
}

test('an official image and its Docker Hub spellings compare as one package', () => {
  const keys = ['node', 'docker.io/node', 'docker.io/library/node', 'library/node'].map((text) => {
    const read = readPurl(readImageReference(text)?.purl as string)
    return 'purl' in read ? purlKey(read.purl) : null
  })
  assert.deepEqual(new Set(keys), new Set(['docker/library/node']))
})
