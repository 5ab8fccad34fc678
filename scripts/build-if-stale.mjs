/**
 * Before `npm start` and `npm test`, and after `npm ci`: build dist/ when it is missing or
 * older than its sources, and otherwise do nothing, in milliseconds. An installed package
 * (no src/) ships its dist/ and is never rebuilt.
 */
import { spawnSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { buildInputsFingerprint, ROOT, recordedFingerprint } from './build-inputs.mjs'

if (!existsSync(join(ROOT, 'src'))) process.exit(0)
if (recordedFingerprint() === buildInputsFingerprint()) process.exit(0)

if (!existsSync(join(ROOT, 'node_modules', 'tsx'))) {
  console.error('compat: dist/ is missing or older than the sources, and the build needs the dev dependencies: run npm ci')
  process.exit(1)
}
const reason = recordedFingerprint() === null ? 'dist/ is missing' : 'the sources changed'
console.error(`compat: building (${reason})`)
const build = spawnSync(process.execPath, ['--import', 'tsx', join(ROOT, 'scripts', 'build.ts')], {
  cwd: ROOT,
  stdio: 'inherit',
})
process.exit(build.status ?? 1)
