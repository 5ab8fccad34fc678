/** dist/server.js: the compiled server, loading its bundle with the code cache the build wrote. */
import assert from 'node:assert/strict'
import { execFileSync } from 'node:child_process'
import { test } from 'node:test'
import { fileURLToPath } from 'node:url'
import { ensureBuilt } from '../../scripts/build-if-stale.mjs'
import { START_FLAGS } from '../../scripts/start-flags.mjs'

const ROOT = fileURLToPath(new URL('../..', import.meta.url))

/** What dist/server.js says of the code cache, and the names it exports, under `flags`. */
function loadCompiled(flags: readonly string[]): { codeCache: string; names: string[] } {
  if (!ensureBuilt()) throw new Error('cannot build dist/')
  const script =
    "import('./dist/server.js').then((m) => console.log(JSON.stringify({ codeCache: m.codeCache, names: Object.keys(m).sort() })))"
  return JSON.parse(
    execFileSync(process.execPath, [...flags, '-e', script], { cwd: ROOT, encoding: 'utf8' }),
  )
}

// [node flags, what the loader says of the cache]
const CASES: readonly (readonly [readonly string[], string])[] = [
  [START_FLAGS, 'used'],
  // V8 refuses a cache made under other flags: the bundle compiles as it would without one.
  [[], 'refused'],
]

for (const [flags, codeCache] of CASES) {
  test(`dist/server.js under node ${flags.join(' ') || 'without flags'}: code cache ${codeCache}`, () =>
    assert.equal(loadCompiled(flags).codeCache, codeCache))
}

test('dist/server.js exports what src/server.ts exports, and the cache writer', async () => {
  const sources = Object.keys(await import('../../src/server.ts'))
  assert.deepEqual(
    loadCompiled(START_FLAGS).names,
    [...sources, 'codeCache', 'writeCodeCache'].sort(),
  )
})
