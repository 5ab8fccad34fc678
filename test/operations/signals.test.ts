/** Signals to the real server process: SIGHUP reloads, SIGTERM lets requests in flight finish. */
import assert from 'node:assert/strict'
import { once } from 'node:events'
import { readFile, writeFile } from 'node:fs/promises'
import { request } from 'node:http'
import { connect } from 'node:net'
import { join } from 'node:path'
import { test } from 'node:test'
import { spawnServer } from '../support/spawn-server.ts'
import { tempDataDir } from '../support/temp-data-dir.ts'
import { waitUntil } from '../support/wait-until.ts'

test('SIGHUP reloads the data directory', async () => {
  const dataDir = await tempDataDir()
  const server = spawnServer({ COMPAT_DATA_DIR: dataDir })
  try {
    const base = await server.url()
    const file = join(dataDir, 'webapp.yaml')
    await writeFile(file, (await readFile(file, 'utf8')).replace('Web App', 'Reloaded App'))
    const from = server.outputLength()
    server.child.kill('SIGHUP')
    // The line is written once the reloaded dataset is served.
    await server.logged(/"msg":"dataset reloaded"/, from)
    const body = (await (await fetch(`${base}/api/v1/projects/webapp`)).json()) as {
      name: string
    }
    assert.equal(body.name, 'Reloaded App', server.output())
  } finally {
    server.child.kill('SIGKILL')
  }
})

test('SIGTERM stops accepting, finishes the request in flight, and exits 0', async () => {
  const server = spawnServer({ COMPAT_DATA_DIR: await tempDataDir() })
  try {
    const base = await server.url()
    // A POST whose body arrives in two parts, with SIGTERM in between. It asks to be told when
    // the server has its headers (Expect: 100-continue): from then on the request is in flight.
    const post = request(`${base}/api/v1/check`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'transfer-encoding': 'chunked',
        expect: '100-continue',
      },
    })
    const answer = new Promise<{ status: number; body: string }>((resolve, reject) => {
      post.on('response', (response) => {
        let body = ''
        response.on('data', (chunk) => {
          body += chunk
        })
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body }))
      })
      post.on('error', reject)
    })
    const inFlight = once(post, 'continue')
    post.flushHeaders()
    await inFlight
    post.write('{"project":"webapp","version":"2.0",')
    const from = server.outputLength()
    server.child.kill('SIGTERM')
    await server.logged(/stopping: finishing requests in flight/, from)
    // Stopped accepting: a new connection is refused, while the request is still in flight.
    const { port } = new URL(base)
    await waitUntil('a new connection refused', () => refused(Number(port)))
    post.end('"dependencies":{"python":"3.12"}}')
    const { status, body } = await answer
    assert.equal(status, 200, body)
    assert.equal(JSON.parse(body).compatible, 'compatible')
    assert.equal(await server.exited(), 0)
    assert.match(server.output(), /stopping: finishing requests in flight/)
  } finally {
    server.child.kill('SIGKILL')
  }
})

/** Whether a connection to `port` is refused (true) or accepted (false, and closed at once). */
function refused(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1')
    socket.once('connect', () => {
      socket.destroy()
      resolve(false)
    })
    socket.once('error', (error: NodeJS.ErrnoException) => resolve(error.code === 'ECONNREFUSED'))
  })
}
