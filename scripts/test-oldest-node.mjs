/**
 * `npm run test:oldest-node`: the unit tests under the oldest Node line that package.json's
 * engines admit (22), as CI runs them. The project itself runs on Node 24, which npm ci
 * installs; this fetches the official Node 22 binary once (scripts/official-node.mjs) and runs
 * `node --test test/unit.test.ts` with it. Arguments go to `node --test`.
 */
import { execFileSync, spawnSync } from 'node:child_process'
import { join } from 'node:path'
import { ROOT } from './build-inputs.mjs'
import { officialNode } from './official-node.mjs'

const OLDEST_LINE = '22'
const node = join(officialNode(OLDEST_LINE), 'bin', 'node')
const version = execFileSync(node, ['--version'], { encoding: 'utf8' }).trim()
console.error(`test:oldest-node: the unit tests under Node ${version}`)
const run = spawnSync(node, ['--test', ...process.argv.slice(2), 'test/unit.test.ts'], {
  cwd: ROOT,
  stdio: 'inherit',
})
process.exit(run.status ?? 1)
