/**
 * The stack page's file form takes several files of one deployment at once, as `--from` does
 * (docs/web.md, "The stack page"): each read apart, their stacks merged, the page showing the
 * merged stack and what each file derived, every file kept in a box of its own.
 */
import assert from 'node:assert/strict'
import { after, before, test } from 'node:test'
import type { FastifyInstance } from 'fastify'
import { buildFixtureApp } from '../../../test/support/fixture-app.ts'

let app: FastifyInstance
before(async () => {
  app = await buildFixtureApp()
})
after(() => app.close())

const release = (name: string, chart: string, appVersion: string) => ({
  name,
  namespace: name,
  revision: '1',
  status: 'deployed',
  chart,
  app_version: appVersion,
})
const HELM_LIST = JSON.stringify([release('dbo', 'dbo-1.27.1', '1.27.1')])
const KUBECTL = (gitVersion: string) =>
  JSON.stringify({ clientVersion: { gitVersion: 'v1.31.0' }, serverVersion: { gitVersion } })
const PGDB = JSON.stringify([release('pgdb', 'pgdb-15.0.0', '17.2')])

const postFiles = (files: readonly string[], extra: Record<string, string> = {}) => {
  const body = new URLSearchParams([
    ...files.map((text): [string, string] => ['file', text]),
    ...Object.entries(extra),
  ])
  return app.inject({
    method: 'POST',
    url: '/stack',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: body.toString(),
  })
}

/** The page's text inside `<main>`, tags dropped. */
const textOf = (html: string) =>
  (/<main[^>]*>([\s\S]*)<\/main>/.exec(html)?.[1] ?? '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ')

test('two files, one deployment: one stack in the rows, and what each file derived', async () => {
  const response = await postFiles([HELM_LIST, PGDB, ''])
  assert.equal(response.statusCode, 200, textOf(response.body))
  const html = response.body
  assert.match(html, /id="component-name-1" type="text" name="name" value="db-operator"/)
  assert.match(html, /id="component-name-2" type="text" name="name" value="pgdb"/)
  assert.match(
    html,
    /<a href="\/stack\?db-operator=1\.27\.1&amp;pgdb=17\.2" id="derived-stack-link">/,
  )
  const text = textOf(html)
  for (const phrase of [
    'From your files',
    '2 files of one deployment',
    'File 1 Read as helm list -o json',
    'File 2 Read as helm list -o json',
  ]) {
    assert.ok(text.includes(phrase), `${phrase} in ${text}`)
  }
  // Each file back in a box of its own, and one more box for another.
  const boxes = [
    ...html.matchAll(/<textarea id="(stack-file-text[^"]*)"[^>]*>([^<]*)<\/textarea>/g),
  ]
  assert.deepEqual(
    boxes.map((box) => box[1]),
    ['stack-file-text', 'stack-file-text-2', 'stack-file-text-3'],
  )
  assert.equal(boxes[1]?.[2]?.replaceAll('&quot;', '"'), PGDB)
  assert.equal(boxes[2]?.[2], '')
})

test('two files that disagree on a version are not merged: the page says which and where', async () => {
  const response = await postFiles([
    JSON.stringify([release('dbo', 'dbo-1.27.1', '1.27.1')]),
    JSON.stringify([release('dbo', 'dbo-1.26.0', '1.26.0')]),
  ])
  assert.equal(response.statusCode, 400)
  assert.match(
    textOf(response.body),
    /db-operator is 1\.27\.1 in file 1 \(at \/0\) and 1\.26\.0 in file 2 \(at \/0\): files of one deployment name one version of each project/,
  )
})

test('a file of several that breaks its format: its faults, located in it', async () => {
  const response = await postFiles([HELM_LIST, KUBECTL('').replace(/"serverVersion".*$/, '"x":1}')])
  assert.equal(response.statusCode, 400)
  assert.match(textOf(response.body), /file 2, \/serverVersion/)
})
