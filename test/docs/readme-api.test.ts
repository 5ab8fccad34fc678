/**
 * README's API table is the user's front door: every path of the OpenAPI document is named in
 * README.md (a badge's `.json` twin by its `.svg`), so that a new route is not left out.
 */
import assert from 'node:assert/strict'
import { readFileSync } from 'node:fs'
import { after, before, test } from 'node:test'
import type { FastifyInstance } from 'fastify'
import { buildFixtureApp } from '../support/fixture-app.ts'
import { REPO_ROOT } from '../support/run-compat.ts'

let app: FastifyInstance
before(async () => {
  app = await buildFixtureApp()
})
after(() => app.close())

test('README.md names every path of the OpenAPI document', async () => {
  const readme = readFileSync(`${REPO_ROOT}README.md`, 'utf8')
  const document = (await app.inject('/api/v1/openapi.json')).json()
  const missing = Object.keys(document.paths as object)
    .map((path) => (path.startsWith('/badge/') ? path.replace(/\.json$/, '.svg') : path))
    .filter((path) => !readme.includes(`\`${path}`))
  assert.deepEqual(missing, [])
})
