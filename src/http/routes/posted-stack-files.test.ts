/**
 * `POST /api/v1/stack?format=…` reads the files `compat stack --from` reads (docs/api.md,
 * "Stacks from files"), on the bundled data: each format named, or told from the content
 * (`auto`), as JSON or as text, with `?date=`; and a file sent as a JSON stack is refused with
 * the media type or format to send it with, whatever its size.
 */
import assert from 'node:assert/strict'
import { readFileSync } from 'node:fs'
import { after, before, test } from 'node:test'
import type { FastifyInstance } from 'fastify'
import { HARNESS_LIMITS } from '../../../test/support/harness-limits.ts'
import { REPO_ROOT, runCompatInProcess } from '../../../test/support/run-compat.ts'
import { BUNDLED_DATA_DIR } from '../../data/bundled-data-dir.ts'
import { loadDataset } from '../../data/load-dataset.ts'
import { buildApp } from '../app.ts'
import { DatasetHolder } from '../dataset-holder.ts'

const FILES = `${REPO_ROOT}test/fixtures/stack-files`
const LOCKFILES = `${REPO_ROOT}test/fixtures/readiness`
const TODAY = '2026-11-28'

let app: FastifyInstance
before(async () => {
  const loaded = await loadDataset(BUNDLED_DATA_DIR)
  if (!loaded.ok) throw new Error('the bundled dataset has faults')
  const holder = new DatasetHolder()
  holder.replace(loaded.loaded)
  app = await buildApp({
    holder,
    clock: () => new Date(`${TODAY}T12:00:00Z`),
    // A test machine is busy: no load shedding.
    limits: HARNESS_LIMITS,
  })
})
after(() => app.close())

const post = (payload: string, contentType: string, query = '') =>
  app.inject({
    method: 'POST',
    url: `/api/v1/stack${query}`,
    headers: { 'content-type': contentType },
    payload,
  })

// [file, ?format=, content type, derivedFrom.format]
const FORMATS: readonly (readonly [string, string, string, string])[] = [
  ['cyclonedx-1.5/npm-sbom.cdx.json', 'cyclonedx', 'application/json', 'cyclonedx'],
  ['cyclonedx-1.6/node-python-image.cdx.json', 'cyclonedx', 'text/plain', 'cyclonedx'],
  ['spdx-2.3/npm-sbom.spdx.json', 'spdx', 'application/json', 'spdx'],
  ['package-lock-v3/package-lock.json', 'package-lock', 'application/json', 'package-lock'],
  [
    'package-lock-v2/package-lock.json',
    'package-lock',
    'application/x-npm-lock+json',
    'package-lock',
  ],
  ['requirements/base.txt', 'requirements', 'text/plain; charset=utf-8', 'requirements'],
  ['helm-list/helm-list-all-namespaces.json', 'helm', 'application/json', 'helm-list'],
  ['kubectl-version/eks.json', 'kubectl', 'application/json', 'kubectl-version'],
  [`${LOCKFILES}/react18-app/pnpm-lock.yaml`, 'pnpm-lock', 'text/plain', 'pnpm-lock'],
  [`${LOCKFILES}/python/poetry.lock`, 'poetry-lock', 'text/plain', 'poetry-lock'],
  [`${LOCKFILES}/python/uv.lock`, 'uv-lock', 'text/plain', 'uv-lock'],
  [`${LOCKFILES}/python/pylock.toml`, 'pylock', 'text/plain', 'pylock'],
]

for (const [file, format, contentType, read] of FORMATS) {
  test(`POST /api/v1/stack?format=${format} (${contentType}): ${file}, as compat stack --from reads it`, async () => {
    const text = readFileSync(file.startsWith('/') ? file : `${FILES}/${file}`, 'utf8')
    const named = await post(text, contentType, `?format=${format}`)
    assert.equal(named.statusCode, 200, named.body)
    const answer = named.json()
    assert.equal(answer.derivedFrom.format, read)
    assert.equal(answer.date, TODAY)
    // Told from the content, the same answer.
    const auto = await post(text, contentType, '?format=auto')
    assert.equal(auto.body, named.body)
    // The day in the query.
    const dated = await post(text, contentType, `?format=${format}&date=2027-06-30`)
    assert.equal(dated.json().date, '2027-06-30')
    // The CLI derives the same stack from the same file.
    const cli = await runCompatInProcess(['stack', '--from', file, '--json'], {
      cwd: FILES,
      env: { COMPAT_TODAY: TODAY },
    })
    assert.deepEqual(answer.components, JSON.parse(cli.stdout).components, cli.stderr)
  })
}

test('POST /api/v1/stack?format=requirements: an include is listed, never followed', async () => {
  const text = readFileSync(`${FILES}/requirements/requirements.txt`, 'utf8')
  const answer = (await post(text, 'text/plain', '?format=requirements')).json()
  assert.ok(
    answer.unmatched.some((left: { reason: string }) => /base\.txt/.test(left.reason)),
    JSON.stringify(answer.unmatched),
  )
})

test('POST /api/v1/stack?format=: a file that breaks the format named is 400 with its faults', async () => {
  const kubectl = readFileSync(`${FILES}/kubectl-version/client-only.json`, 'utf8')
  const response = await post(kubectl, 'application/json', '?format=kubectl')
  assert.equal(response.statusCode, 400)
  assert.match(
    response.json().detail,
    /not the output of kubectl version -o json this server reads/,
  )
  assert.ok(
    response.json().errors.some((error: { name: string }) => error.name === '/serverVersion'),
  )
  const helm = await post(kubectl, 'application/json', '?format=helm')
  assert.equal(helm.statusCode, 400)
  assert.match(helm.json().errors[0].reason, /must be a list of releases/)
})

// [file, what the detail says to send]
const HINTS: readonly (readonly [string, RegExp])[] = [
  [
    'cyclonedx-1.5/npm-sbom.cdx.json',
    /is a CycloneDX SBOM, not a JSON stack: send it with content-type: application\/vnd\.cyclonedx\+json, or add \?format=cyclonedx/,
  ],
  ['spdx-2.3/npm-sbom.spdx.json', /application\/spdx\+json, or add \?format=spdx/],
  [
    'package-lock-v3/package-lock.json',
    /is an npm package-lock\.json, not a JSON stack: add \?format=package-lock/,
  ],
  ['helm-list/helm-list.json', /helm list -o json, not a JSON stack: add \?format=helm/],
  ['kubectl-version/eks.json', /kubectl version -o json, not a JSON stack: add \?format=kubectl/],
]

for (const [file, says] of HINTS) {
  test(`POST /api/v1/stack as a JSON stack: ${file} is 400 saying how to send it, small or large`, async () => {
    const text = readFileSync(`${FILES}/${file}`, 'utf8')
    // Padded past 16 KiB, it is read (in the worker) only to say what it is.
    for (const body of [text, `${text}${' '.repeat(20 * 1024)}`]) {
      const response = await post(body, 'application/json')
      assert.equal(response.statusCode, 400, response.body)
      assert.match(response.json().detail, says)
      assert.deepEqual(
        response.json().errors.map((error: { name: string }) => error.name),
        ['body'],
      )
    }
  })
}

test('POST /api/v1/stack: a JSON body past 16 KiB that is no stack file is 413 naming where files go', async () => {
  const response = await post(
    JSON.stringify({ components: { kubernetes: '1.34' }, note: 'x'.repeat(20 * 1024) }),
    'application/json',
  )
  assert.equal(response.statusCode, 413)
  assert.match(response.json().detail, /larger than 16 KiB.*\?format=auto\|cyclonedx\|spdx/)
})
