/** The parse cache as the real server uses it (docs/operations.md, "Parse cache"). */
import assert from 'node:assert/strict'
import { readdir, readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { test } from 'node:test'
import { cacheDirSetting } from '../../src/server.ts'
import { eventually, type SpawnedServer, spawnServer } from '../support/spawn-server.ts'
import { tempDataDir } from '../support/temp-data-dir.ts'
import { tempDir } from '../support/temp-dir.ts'

// Columns: environment, the cache directory the server uses (null: none).
const SETTINGS: ReadonlyArray<[Record<string, string>, string | null]> = [
  [{ COMPAT_PARSE_CACHE_DIR: '/var/cache/compat', HOME: '/home/ops' }, '/var/cache/compat'],
  [{ COMPAT_PARSE_CACHE_DIR: 'off', HOME: '/home/ops' }, null],
  [{ XDG_CACHE_HOME: '/xdg', HOME: '/home/ops' }, '/xdg/compat'],
  [{ XDG_CACHE_HOME: 'relative', HOME: '/home/ops' }, '/home/ops/.cache/compat'],
  [{ HOME: '/home/ops' }, '/home/ops/.cache/compat'],
  [{ COMPAT_PARSE_CACHE_DIR: '', HOME: '/home/ops' }, '/home/ops/.cache/compat'],
  [{}, null],
]

test('COMPAT_PARSE_CACHE_DIR, else the user cache directory, else none', () => {
  for (const [env, expected] of SETTINGS) {
    assert.equal(cacheDirSetting(env).cacheDir ?? null, expected, JSON.stringify(env))
  }
})

/** The numbers of the last log line with this message, once it is written. */
async function cacheStats(
  server: SpawnedServer,
  message: string,
): Promise<{ fromCache: number; parsed: number }> {
  await eventually(() => server.output().includes(`"msg":"${message}"`))
  const output = server.output()
  const line = output
    .split('\n')
    .filter((candidate) => candidate.includes(`"msg":"${message}"`))
    .pop()
  assert.ok(line, `no '${message}' in: ${output}`)
  const { fromCache, parsed } = JSON.parse(line) as { fromCache: number; parsed: number }
  return { fromCache, parsed }
}

test('a restart takes unchanged files from the cache; a reload parses every file and serves the edit', async () => {
  const dataDir = await tempDataDir()
  const cacheDir = await tempDir('compat-cache-')
  const files = (await readdir(dataDir)).filter((name) => /\.(ya?ml|json)$/.test(name))
  const env = { COMPAT_DATA_DIR: dataDir, COMPAT_PARSE_CACHE_DIR: cacheDir }

  const first = spawnServer(env)
  await first.url()
  assert.deepEqual(await cacheStats(first, 'dataset loaded'), {
    fromCache: 0,
    parsed: files.length,
  })
  first.child.kill('SIGTERM')
  assert.equal(await first.exited(), 0)
  assert.equal((await readdir(cacheDir)).filter((name) => name.endsWith('.jsonl')).length, 1)

  const second = spawnServer(env)
  try {
    const base = await second.url()
    assert.deepEqual(await cacheStats(second, 'dataset loaded'), {
      fromCache: files.length,
      parsed: 0,
    })
    const project = (await (await fetch(`${base}/api/v1/projects/webapp`)).json()) as {
      name: string
    }
    assert.equal(project.name, 'Web App')

    const file = join(dataDir, 'webapp.yaml')
    await writeFile(file, (await readFile(file, 'utf8')).replace('Web App', 'Edited App'))
    second.child.kill('SIGHUP')
    // A reload parses in low-priority workers, not from the cache (docs/operations.md).
    assert.deepEqual(await cacheStats(second, 'dataset reloaded'), {
      fromCache: 0,
      parsed: files.length,
    })
    const edited = (await (await fetch(`${base}/api/v1/projects/webapp`)).json()) as {
      name: string
    }
    assert.equal(edited.name, 'Edited App')
  } finally {
    second.child.kill('SIGKILL')
  }
})

test('a cache directory that cannot be written only costs speed', async () => {
  const blocker = join(await tempDir('compat-cache-'), 'a-file')
  await writeFile(blocker, 'not a directory')
  const server = spawnServer({
    COMPAT_DATA_DIR: await tempDataDir(),
    COMPAT_PARSE_CACHE_DIR: join(blocker, 'cache'),
  })
  try {
    const base = await server.url()
    assert.equal((await fetch(`${base}/readyz`)).status, 200)
    assert.ok(
      await eventually(() => server.output().includes('cannot write the parse cache')),
      server.output(),
    )
  } finally {
    server.child.kill('SIGKILL')
  }
})
