import assert from 'node:assert/strict'
import { after, before, test } from 'node:test'
import fc from 'fast-check'
import type { FastifyInstance } from 'fastify'
import { buildFixtureApp } from '../../test/support/fixture-app.ts'
import { readValidSingleCheck } from './read-valid-single-check.ts'

const PLAIN = { project: 'webapp', version: '2.0', dependency: 'python', dependencyVersion: '3.12' }

// [query, read as a plain single check]
const CASES: ReadonlyArray<[string, boolean]> = [
  ['project=webapp&version=2.0&dependency=python&dependencyVersion=3.12', true],
  ['dependencyVersion=3.12&dependency=python&version=2.0&project=webapp', true],
  ['project=webapp&version=2.0&dependency=python', false],
  ['project=webapp&version=2.0&dependency=python&dependencyVersion=3.12&x=1', false],
  ['project=webapp&project=webapp&dependency=python&dependencyVersion=3.12', false],
  ['project=webapp&version=2.0&dependency=python&dependencyVersion=', false],
  ['project=webapp&version=2.0&dependency=python&dependencyVersion=3.12&', false],
  ['project=web%61pp&version=2.0&dependency=python&dependencyVersion=3.12', false],
  ['project=webapp&version=2.0&dependency=python&dependencyVersion=3.12+1', false],
  [`project=webapp&version=2.0&dependency=python&dependencyVersion=${'1'.repeat(129)}`, false],
  ['project=webapp&version=2.0&dependencies={}', false],
  ['project&version=2.0&dependency=python&dependencyVersion=3.12', false],
]

for (const [query, plain] of CASES) {
  test(`readValidSingleCheck('${query.slice(0, 70)}') is ${plain ? 'plain' : 'left to full validation'}`, () => {
    const read = readValidSingleCheck(query)
    if (plain) assert.deepEqual(read, PLAIN)
    else assert.equal(read, null)
  })
}

let app: FastifyInstance
before(async () => {
  app = await buildFixtureApp()
})
after(() => app.close())

const piece = fc.oneof(
  fc.constantFrom('project', 'version', 'dependency', 'dependencyVersion', 'dependencies', 'x'),
  fc.constantFrom('webapp', '2.0', 'python', '3.12', '', '%20', 'a+b', '=', '&'),
  fc.string({ maxLength: 8 }),
)
const NAMES = ['project', 'version', 'dependency', 'dependencyVersion'] as const
const value = fc.oneof(
  fc.constantFrom('webapp', 'cop', '2.0', 'v1.27.1', 'python', '3.12', '16.4-alpine', '__proto__'),
  fc.string({ unit: 'grapheme-ascii', maxLength: 12 }),
  fc.string({ maxLength: 130 }),
)
// Mostly the four parameters in some order, sometimes with a piece too many or too few.
const query = fc.oneof(
  fc
    .tuple(fc.shuffledSubarray([...NAMES], { minLength: 3 }), fc.array(value, { minLength: 4 }))
    .map(([names, values]) => names.map((name, index) => `${name}=${values[index]}`).join('&')),
  fc
    .array(fc.tuple(piece, piece), { minLength: 3, maxLength: 5 })
    .map((pairs) => pairs.map(([name, text]) => `${name}=${text}`).join('&')),
)

test('what it reads as plain, the full validation accepts with the same values', async () => {
  await fc.assert(
    fc.asyncProperty(query, async (text) => {
      const read = readValidSingleCheck(text)
      if (read === null) return
      const response = await app.inject(`/api/v1/check?${text}`)
      assert.equal(response.statusCode, 200, `${text}: ${response.body}`)
      const { project, version, dependency, dependencyVersion } = response.json()
      assert.deepEqual({ project, version, dependency, dependencyVersion }, read)
    }),
    { numRuns: 800 },
  )
})
