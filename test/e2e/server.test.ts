/** The real server, as `npm start` runs it: spawned as a process, on a free port. */
import assert from 'node:assert/strict'
import { writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { test } from 'node:test'
import { FIXTURE_DATA_DIR } from '../support/fixture-app.ts'
import { spawnServer } from '../support/spawn-server.ts'
import { tempDir } from '../support/temp-dir.ts'

test('the server starts on the configured data, answers, and stops on SIGTERM', async () => {
  const server = spawnServer({ COMPAT_DATA_DIR: FIXTURE_DATA_DIR, CACHE_MAX_AGE: '42' })
  try {
    const base = await server.url()
    const ready = await fetch(`${base}/readyz`)
    assert.equal(ready.status, 200)
    const check = await fetch(
      `${base}/api/v1/check?project=webapp&version=2.0&dependency=python&dependencyVersion=3.12`,
    )
    assert.equal(check.status, 200)
    assert.equal(check.headers.get('cache-control'), 'public, max-age=42')
    assert.equal(((await check.json()) as { compatible: string }).compatible, 'compatible')
    const post = await fetch(`${base}/api/v1/check`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ project: 'webapp', version: '2.0', dependencies: { python: '3.9' } }),
    })
    assert.equal(((await post.json()) as { compatible: string }).compatible, 'incompatible')
    server.child.kill('SIGTERM')
    assert.equal(await server.exited(), 0)
  } finally {
    server.child.kill('SIGKILL')
  }
})

test('the server refuses to start on invalid data and prints every fault', async () => {
  const dir = await tempDir('compat-bad-')
  await writeFile(join(dir, 'a.yaml'), 'id: b\nname: A\n')
  await writeFile(join(dir, 'c.json'), '{"id": ')
  const server = spawnServer({ COMPAT_DATA_DIR: dir })
  assert.equal(await server.exited(), 3)
  assert.match(server.output(), /a\.yaml:1:5: id: id 'b' must equal the file name 'a'/)
  assert.match(server.output(), /a\.yaml:\d+:\d+: .*missing required field/)
  assert.match(server.output(), /c\.json:1:\d+: invalid JSON/)
})
