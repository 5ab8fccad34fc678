/**
 * Before `npm start` and `npm test`, and after `npm ci`: build dist/ when it is missing or
 * older than its sources, and otherwise do nothing, in milliseconds. An installed package
 * (no src/) ships its dist/ and is never rebuilt.
 */
import { spawnSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { buildInputsFingerprint, ROOT, recordedFingerprint } from './build-inputs.mjs'

/** Builds dist/ if it is stale; returns false (after saying why) when it cannot. */
export function ensureBuilt() {
  if (!existsSync(join(ROOT, 'src'))) return true
  const recorded = recordedFingerprint()
  if (recorded === buildInputsFingerprint()) return true
  if (!existsSync(join(ROOT, 'node_modules', 'esbuild'))) {
    console.error(
      'compat: dist/ is missing or older than the sources, and the build needs the dev dependencies: run npm ci',
    )
    return false
  }
  console.error(`compat: building (${recorded === null ? 'dist/ is missing' : 'the sources changed'})`)
  const build = spawnSync(process.execPath, [join(ROOT, 'scripts', 'build.ts')], {
    cwd: ROOT,
    stdio: 'inherit',
  })
  return build.status === 0
}

if (process.argv[1] === fileURLToPath(import.meta.url)) process.exit(ensureBuilt() ? 0 : 1)
