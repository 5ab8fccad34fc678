// biome-ignore-all lint/suspicious/noTemplateCurlyInString: the cases are files' own ${VARIABLES}, not templates
import assert from 'node:assert/strict'
import { test } from 'node:test'
import { readCompose } from './read-compose.ts'

const COMPOSE = `x-db: &db
  image: postgres:\${PG_VERSION:-16}-alpine
services:
  db:
    <<: *db
  search:
    image: docker.elastic.co/elasticsearch/elasticsearch:\${STACK_VERSION}
  kibana:
    image: "docker.elastic.co/kibana/kibana:\${MISSING}"
  web:
    build: .
  broken:
    image: \${IMAGE}
`

test('every service image at its line, from the .env beside it, defaults and merge keys', () => {
  const { declarations, faults } = readCompose(COMPOSE, 'deploy/compose.yaml', {
    sibling: (name) => (name === '.env' ? '# versions\nSTACK_VERSION="8.15.0"\n' : undefined),
  })
  assert.deepEqual(
    declarations.map((found) => [found.location.line, found.text, found.declared]),
    [
      [2, 'postgres:16-alpine', { version: '16' }],
      [7, 'docker.elastic.co/elasticsearch/elasticsearch:8.15.0', { version: '8.15.0' }],
      [
        9,
        'docker.elastic.co/kibana/kibana:${MISSING}',
        { unknown: 'its tag is the variable MISSING, which has no default here' },
      ],
    ],
  )
  assert.deepEqual(faults, [
    {
      file: 'deploy/compose.yaml',
      line: 13,
      reason: "the image '${IMAGE}' names the variable IMAGE, which has no default here",
    },
  ])
})

test('a file that is not YAML is a fault at its line', () => {
  const { declarations, faults } = readCompose(
    'services:\n  db:\n    image: [postgres\n',
    'compose.yaml',
    {
      sibling: () => undefined,
    },
  )
  assert.deepEqual(declarations, [])
  assert.equal(faults.length, 1)
  assert.match(faults[0]?.reason ?? '', /^is not valid YAML: /)
})
