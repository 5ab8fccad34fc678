import assert from 'node:assert/strict'
import { test } from 'node:test'
import { fixtureDocuments } from '../../test/support/fixture-dataset.ts'
import { isSinceKey, resolveKey, sinceText, toProject } from './project-model.ts'

const document = fixtureDocuments().find((candidate) => candidate.id === 'db-operator')
assert.ok(document)
const order = ['1.29.0-rc.1', '1.28', '1.27.4', '1.27.3', '1.27.1', '1.27', '1.26']
const project = toProject(document, order, [
  {
    id: 'platform',
    aliases: ['plat'],
    name: 'Platform',
    categories: [],
    website: 'https://example.org',
    versions: [],
    verified: { oldest: null, newest: null },
  },
])

// [key, base, since keys, each dependency's entry as "key<from"]
const CASES: readonly (readonly [string, string | null, string[], string[]])[] = [
  ['1.27', '1.27', [], ['plat<1.27', 'pgdb<1.27']],
  ['1.27.1', '1.27', ['1.27.1'], ['plat<1.27', 'pgdb<1.27.1']],
  ['1.27.3', '1.27', ['1.27.1', '1.27.3'], ['plat<1.27.3', 'pgdb<1.27.1']],
  ['1.27.4', '1.27.4', [], ['platform<1.27.4']],
  ['1.28', '1.28', [], ['platform<1.28', 'pgdb<1.28']],
  ['9.9', null, [], []],
]

for (const [key, base, since, entries] of CASES) {
  test(`the page resolves ${key} as line lookup does`, () => {
    const resolved = resolveKey(project, key)
    assert.equal(resolved.base, base)
    assert.deepEqual(resolved.since, since)
    assert.deepEqual(
      [...resolved.entries].map(([name, { from }]) => `${name}<${from}`).sort(),
      [...entries].sort(),
    )
  })
}

test('the page knows since keys, their wording, and which keys link to projects', () => {
  assert.equal(isSinceKey(project, '1.27.3'), true)
  assert.equal(isSinceKey(project, '1.27'), false)
  assert.equal(sinceText('1.27.3'), '1.27.3 and later 1.27 releases')
  assert.deepEqual(
    [...project.links],
    [
      ['platform', 'platform'],
      ['plat', 'platform'],
    ],
  )
})
