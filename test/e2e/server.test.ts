/** The real server, as `npm start` runs it: spawned as a process, on a free port. */
import assert from 'node:assert/strict'
import { type ChildProcess, spawn } from 'node:child_process'
import { mkdtemp, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { test } from 'node:test'
import { fileURLToPath } from 'node:url'
import { FIXTURE_DATA_DIR } from '../support/fixture-app.ts'

const ROOT = fileURLToPath(new URL('../..', import.meta.url))

function startServer(env: Record<string, string>): { child: ChildProcess; output: () => string } {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
    cwd: ROOT,
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  child.stdout?.on('data', (chunk) => {
    output += chunk
  })
  child.stderr?.on('data', (chunk) => {
    output += chunk
  })
  return { child, output: () => output }
}

async function listeningUrl(output: () => string, child: ChildProcess): Promise<string> {
  for (let attempt = 0; attempt < 300; attempt++) {
    const match = /"Server listening at (http:\/\/127\.0\.0\.1:\d+)"/.exec(output())
    if (match) return match[1] as string
    if (child.exitCode !== null) throw new Error(`server exited: ${output()}`)
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  throw new Error(`server did not start: ${output()}`)
}

function exited(child: ChildProcess): Promise<number | null> {
  return new Promise((resolve) => {
    if (child.exitCode !== null) resolve(child.exitCode)
    else child.once('exit', (code) => resolve(code))
  })
}

test('the server starts on the configured data, answers, and stops on SIGTERM', async () => {
  const { child, output } = startServer({ COMPAT_DATA_DIR: FIXTURE_DATA_DIR, CACHE_MAX_AGE: '42' })
  try {
    const base = await listeningUrl(output, child)
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
    child.kill('SIGTERM')
    assert.equal(await exited(child), 0)
  } finally {
    child.kill('SIGKILL')
  }
})

test('the server refuses to start on invalid data and prints every fault', async () => {
  const dir = await mkdtemp(join(tmpdir(), 'compat-bad-'))
  await writeFile(join(dir, 'a.yaml'), 'id: b\nname: A\n')
  await writeFile(join(dir, 'c.json'), '{"id": ')
  const { child, output } = startServer({ COMPAT_DATA_DIR: dir })
  assert.equal(await exited(child), 1)
  assert.match(output(), /a\.yaml:1:5: id: id 'b' must equal the file name 'a'/)
  assert.match(output(), /a\.yaml:\d+:\d+: .*missing required field/)
  assert.match(output(), /c\.json:1:\d+: invalid JSON/)
})
