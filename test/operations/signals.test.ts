/** Signals to the real server process: SIGHUP reloads, SIGTERM lets requests in flight finish. */
import assert from 'node:assert/strict'
import { readFile, writeFile } from 'node:fs/promises'
import { request } from 'node:http'
import { join } from 'node:path'
import { test } from 'node:test'
import { eventually, spawnServer } from '../support/spawn-server.ts'
import { tempDataDir } from '../support/temp-data-dir.ts'

test('SIGHUP reloads the data directory', async () => {
  const dataDir = await tempDataDir()
  const server = spawnServer({ COMPAT_DATA_DIR: dataDir })
  try {
    const base = await server.url()
    const file = join(dataDir, 'webapp.yaml')
    await writeFile(file, (await readFile(file, 'utf8')).replace('Web App', 'Reloaded App'))
    server.child.kill('SIGHUP')
    const reloaded = await eventually(async () => {
      const body = (await (await fetch(`${base}/api/v1/projects/webapp`)).json()) as {
        name: string
      }
      return body.name === 'Reloaded App'
    })
    assert.ok(reloaded, server.output())
    assert.match(server.output(), /dataset reloaded/)
  } finally {
    server.child.kill('SIGKILL')
  }
})

test('SIGTERM stops accepting, finishes the request in flight, and exits 0', async () => {
  const server = spawnServer({ COMPAT_DATA_DIR: await tempDataDir() })
  try {
    const base = await server.url()
    // A POST whose body arrives in two parts, with SIGTERM in between.
    const answer = new Promise<{ status: number; body: string }>((resolve, reject) => {
      const post = request(`${base}/api/v1/check`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'transfer-encoding': 'chunked' },
      })
      post.on('response', (response) => {
        let body = ''
        response.on('data', (chunk) => {
          body += chunk
        })
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body }))
      })
      post.on('error', reject)
      post.write('{"project":"webapp","version":"2.0",')
      setTimeout(() => {
        server.child.kill('SIGTERM')
        setTimeout(() => post.end('"dependencies":{"python":"3.12"}}'), 300)
      }, 300)
    })
    const { status, body } = await answer
    assert.equal(status, 200, body)
    assert.equal(JSON.parse(body).compatible, 'compatible')
    assert.equal(await server.exited(), 0)
    assert.match(server.output(), /stopping: finishing requests in flight/)
  } finally {
    server.child.kill('SIGKILL')
  }
})
