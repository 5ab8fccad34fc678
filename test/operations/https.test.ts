import assert from 'node:assert/strict'
import { copyFile, mkdtemp, rm } from 'node:fs/promises'
import { request } from 'node:https'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { after, before, test } from 'node:test'
import type { TLSSocket } from 'node:tls'
import { runCompatInProcess } from '../support/run-compat.ts'
import { type Certificate, selfSigned } from '../support/self-signed.ts'
import { eventually, spawnServer } from '../support/spawn-server.ts'
import { tempDataDir } from '../support/temp-data-dir.ts'

let dir: string
let first: Certificate
let second: Certificate

before(async () => {
  dir = await mkdtemp(join(tmpdir(), 'compat-tls-'))
  first = selfSigned(dir, 'first')
  second = selfSigned(dir, 'second')
})
after(() => rm(dir, { recursive: true, force: true }))

/** GET over HTTPS trusting `ca`; the status, the body and who the server said it was. */
function get(url: string, ca: Buffer): Promise<{ status: number; body: string; subject: string }> {
  return new Promise((resolve, reject) => {
    const outgoing = request(url, { ca, agent: false }, (response) => {
      let body = ''
      response.on('data', (chunk) => {
        body += chunk
      })
      response.on('end', () =>
        resolve({
          status: response.statusCode ?? 0,
          body,
          subject: String((response.socket as TLSSocket).getPeerCertificate().subject?.CN ?? ''),
        }),
      )
    })
    outgoing.on('error', reject)
    outgoing.end()
  })
}

test('HTTPS: the API over TLS; SIGHUP reloads the certificate with the data', async () => {
  const certFile = join(dir, 'live.crt')
  const keyFile = join(dir, 'live.key')
  await copyFile(first.certFile, certFile)
  await copyFile(first.keyFile, keyFile)
  const server = spawnServer({
    COMPAT_DATA_DIR: await tempDataDir(),
    TLS_CERT_FILE: certFile,
    TLS_KEY_FILE: keyFile,
  })
  try {
    const url = await server.url()
    assert.match(url, /^https:\/\//)
    const check = await get(
      `${url}/api/v1/check?project=webapp&version=2.0&dependency=python&dependencyVersion=3.12`,
      first.cert,
    )
    assert.equal(check.status, 200)
    assert.equal(JSON.parse(check.body).compatible, 'compatible')
    assert.equal(check.subject, 'first')
    // A plain-HTTP client gets no answer it could mistake for the API.
    await assert.rejects(fetch(url.replace('https:', 'http:')))

    await copyFile(second.certFile, certFile)
    await copyFile(second.keyFile, keyFile)
    server.child.kill('SIGHUP')
    assert.ok(
      await eventually(
        async () =>
          (await get(`${url}/healthz`, second.cert).catch(() => null))?.subject === 'second',
      ),
      'the new certificate is served after SIGHUP',
    )
  } finally {
    server.child.kill('SIGTERM')
    await server.exited()
  }
})

// [flags, environment, the one line on stderr]
const START_ERRORS: ReadonlyArray<[() => string[], Record<string, string>, RegExp]> = [
  [() => ['serve', '--tls-cert', first.certFile], {}, /--tls-cert and --tls-key go together/],
  [
    () => [
      'serve',
      '--tls-cert',
      join(dir, 'missing.crt'),
      '--tls-key',
      first.keyFile,
      '--port',
      '0',
    ],
    {},
    /cannot start: cannot read the certificate '.*missing\.crt' \(ENOENT\)/,
  ],
  [
    () => ['serve', '--tls-cert', first.certFile, '--tls-key', second.keyFile, '--port', '0'],
    {},
    /cannot start: the certificate .* and key .* are not a usable pair/,
  ],
  [
    () => ['serve', '--port', '0'],
    { TLS_KEY_FILE: 'x.key' },
    /TLS_CERT_FILE and TLS_KEY_FILE go together/,
  ],
]

for (const [args, env, message] of START_ERRORS) {
  test(`a bad certificate is a one-line start-up error: ${message.source}`, async () => {
    const run = await runCompatInProcess(args(), { env })
    assert.equal(run.code, 3)
    assert.match(run.stderr, /^compat serve: [^\n]+\n$/)
    assert.match(run.stderr, message)
  })
}
