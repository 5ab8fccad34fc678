import assert from 'node:assert/strict'
import { test } from 'node:test'
import { rankedBy, searchRank } from './search-rank.ts'

const POSTGRESQL = { id: 'postgresql', name: 'PostgreSQL', aliases: ['postgres'] }
const NODE_POSTGRES = { id: 'node-postgres', name: 'node-postgres (pg)' }
const CITUS = { id: 'citus', name: 'Citus' }
const PGVECTOR = { id: 'pgvector', name: 'pgvector' }

// [project, query, rank]
const RANKS: [typeof CITUS, string, number][] = [
  [POSTGRESQL, 'postgres', 0],
  [POSTGRESQL, ' PostgreSQL ', 0],
  [POSTGRESQL, 'postg', 1],
  [NODE_POSTGRES, 'postgres', 2],
  [CITUS, 'postgres', 3],
  [PGVECTOR, 'pg', 1],
  [CITUS, '', 0],
]

for (const [project, query, rank] of RANKS) {
  test(`“${query}” ranks ${project.id} ${rank}`, () => {
    assert.equal(searchRank(project, query), rank)
  })
}

test('ranked: exact names first, ties in list order', () => {
  const list = [CITUS, NODE_POSTGRES, PGVECTOR, POSTGRESQL]
  assert.deepEqual(
    rankedBy(list, 'postgres', (project) => project).map((project) => project.id),
    ['postgresql', 'node-postgres', 'citus', 'pgvector'],
  )
  assert.deepEqual(
    rankedBy(list, '', (project) => project),
    list,
  )
})
