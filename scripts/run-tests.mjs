/**
 * `npm test`: every test file except Renovate's (`npm run test:renovate`), two at a time (the
 * suite waits on browsers, servers and child processes as much as it computes), the longest
 * first so that none of them is left to run alone at the end. Arguments go to `node --test`
 * (`npm test -- --test-reporter=tap`).
 */
import { spawn } from 'node:child_process'
import { mkdtempSync, readdirSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { ROOT } from './build-inputs.mjs'

const LONGEST_FIRST = [
  'test/web/phone.test.ts',
  'test/web/accessibility.test.ts',
  'test/web/web-page.test.ts',
  'test/package/package.test.ts',
  // Every src/**/*.test.ts, in one process.
  'test/unit.test.ts',
]

const rest = readdirSync(join(ROOT, 'test'), { recursive: true, encoding: 'utf8' })
  .filter((name) => name.endsWith('.test.ts') && !name.startsWith('renovate/'))
  .map((name) => `test/${name.split('\\').join('/')}`)
  .filter((file) => !LONGEST_FIRST.includes(file))
  .sort()

const cacheDir = mkdtempSync(join(tmpdir(), 'compat-test-cache-'))
const child = spawn(
  process.execPath,
  [
    '--test',
    '--test-concurrency=2',
    ...process.argv.slice(2),
    ...LONGEST_FIRST,
    ...rest,
  ],
  // Servers the tests start keep their parse cache here, not in the user's cache directory.
  { cwd: ROOT, stdio: 'inherit', env: { ...process.env, COMPAT_PARSE_CACHE_DIR: cacheDir } },
)
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal))
child.on('exit', (code, signal) => {
  rmSync(cacheDir, { recursive: true, force: true })
  process.exit(code ?? (signal === null ? 1 : 128))
})
