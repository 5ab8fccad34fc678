/**
 * dist/server.js, the server as it ships: one unminified bundle with a source map beside it,
 * so that a stack trace or a CPU profile of a running server names our functions and files.
 */
import assert from 'node:assert/strict'
import { execFileSync } from 'node:child_process'
import { test } from 'node:test'
import { fileURLToPath } from 'node:url'
import { ensureBuilt } from '../../scripts/build-if-stale.mjs'

const ROOT = fileURLToPath(new URL('../..', import.meta.url))

/** Runs `script` (an ES module body) in a fresh node with `flags`; its stdout. */
function runNode(flags: readonly string[], script: string): string {
  if (!ensureBuilt()) throw new Error('cannot build dist/')
  return execFileSync(process.execPath, [...flags, '--input-type=module', '-e', script], {
    cwd: ROOT,
    encoding: 'utf8',
  })
}

test('dist/server.js exports what src/server.ts exports', async () => {
  const sources = Object.keys(await import('../../src/server.ts')).sort()
  const compiled = runNode(
    [],
    "const m = await import('./dist/server.js'); console.log(JSON.stringify(Object.keys(m).sort()))",
  )
  assert.deepEqual(JSON.parse(compiled), sources)
})

// [node flags, what the top frame of an error thrown in the bundle must name]
const STACK_CASES: readonly (readonly [readonly string[], RegExp])[] = [
  // Unminified: the function keeps its name even without source maps.
  [[], /at tlsSetting \(.*dist\/server\.js:\d+:\d+\)/],
  // With source maps, as npm start and the container run it: our source file and line.
  [['--enable-source-maps'], /at tlsSetting \(.*src\/server\/settings\.ts:\d+:\d+\)/],
]

for (const [flags, frame] of STACK_CASES) {
  test(`a stack trace from dist/server.js ${flags.length === 0 ? 'without' : 'with'} source maps names our function${flags.length === 0 ? '' : ' and file'}`, () => {
    const stack = runNode(
      flags,
      "const { tlsSetting } = await import('./dist/server.js'); try { tlsSetting('cert.pem', '') } catch (error) { console.log(error.stack) }",
    )
    assert.match(stack, /TLS_CERT_FILE and TLS_KEY_FILE go together/)
    assert.match(stack.split('\n')[1] ?? '', frame)
  })
}
