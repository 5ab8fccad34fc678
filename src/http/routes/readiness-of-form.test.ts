import assert from 'node:assert/strict'
import { readFileSync } from 'node:fs'
import { after, before, test } from 'node:test'
import type { FastifyInstance } from 'fastify'
import { buildFixtureApp } from '../../../test/support/fixture-app.ts'

const LOCK = readFileSync(
  new URL('../../../test/fixtures/readiness/react18-app/package-lock.json', import.meta.url),
  'utf8',
)

let app: FastifyInstance
before(async () => {
  app = await buildFixtureApp()
})
after(() => app.close())

const postForm = (fields: Record<string, string>) =>
  app.inject({
    method: 'POST',
    url: '/stack',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams(fields).toString(),
  })

const textOf = (html: string) =>
  html
    .replace(/<[^>]+>/g, '')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')

test('the stack page’s file form with a target: the page answers “Can it take …?” for the lockfile', async () => {
  const response = await postForm({ file: LOCK, target: 'react@19.0.0' })
  assert.equal(response.statusCode, 200)
  const text = textOf(response.body)
  assert.match(text, /Can it take react 19\.0\.0\? Blocked/)
  assert.match(text, /react-dom 18\.3\.1 declares \^18\.3\.1/)
  assert.match(
    response.body,
    /<input id="readiness-target" name="target" type="text" value="react@19\.0\.0"/,
  )
})

test('without a target nothing is asked; a target that is none is said so, with the nearest names', async () => {
  assert.doesNotMatch(
    textOf((await postForm({ file: LOCK })).body),
    /Can it take \S+ \S+\? (Ready|Blocked)/,
  )
  const unknown = textOf((await postForm({ file: LOCK, target: 'raect@19' })).body)
  assert.match(unknown, /Readiness was not asked/)
  assert.match(unknown, /'raect' is neither a runtime .* \(nearest: react\)\./)
  assert.match(
    textOf((await postForm({ file: LOCK, target: 'react' })).body),
    /“react” names no target/,
  )
})
