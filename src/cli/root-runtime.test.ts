import assert from 'node:assert/strict'
import { copyFile, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { after, before, test } from 'node:test'
import { fileURLToPath } from 'node:url'
import { runCompatInProcess } from '../../test/support/run-compat.ts'

const LOCK = fileURLToPath(
  new URL('../../test/fixtures/readiness/react18-app/package-lock.json', import.meta.url),
)

let dir: string
before(async () => {
  dir = await mkdtemp(join(tmpdir(), 'compat-root-runtime-'))
  await copyFile(LOCK, join(dir, 'package-lock.json'))
})
after(() => rm(dir, { recursive: true, force: true }))

const stack = (...args: string[]) =>
  runCompatInProcess(['stack', '--from', 'package-lock.json', ...args], {
    cwd: dir,
    env: { COMPAT_TODAY: '2026-12-07' },
  })

const nodejsOf = (stdout: string) =>
  (JSON.parse(stdout).matches as { project: string; version: string; location: string }[]).find(
    (match) => match.project === 'nodejs',
  )

// [the files beside the lockfile, the Node.js joined, where it was read]
const CASES: readonly (readonly [Record<string, string>, string, RegExp])[] = [
  [{}, '18.0.0', /^\/packages\/\/engines\/node \(>=18: the lowest version it admits\)$/],
  [{ '.node-version': '22.11.0\n' }, '22.11.0', /^\.node-version beside the file$/],
  [{ '.nvmrc': 'v20.18\n', '.node-version': '22.11.0\n' }, '20.18', /^\.nvmrc beside the file$/],
  // An alias names no version: the next file, or engines, tells.
  [{ '.nvmrc': 'lts/iron\n' }, '18.0.0', /engines\/node/],
]

test('compat stack --from a lockfile adds the root’s Node.js: .nvmrc, .node-version, else engines', async () => {
  for (const [files, version, location] of CASES) {
    for (const name of ['.nvmrc', '.node-version']) await rm(join(dir, name), { force: true })
    for (const [name, text] of Object.entries(files)) await writeFile(join(dir, name), text)
    const run = await stack('--json')
    const nodejs = nodejsOf(run.stdout)
    assert.equal(nodejs?.version, version, JSON.stringify(files))
    assert.match(nodejs?.location ?? '', location, JSON.stringify(files))
  }
})

test('compat stack --from summarises what is left out: the first ten and a count, unless --verbose', async () => {
  const run = await stack()
  const leftOut = run.stdout
    .split('\n')
    .filter((line) => / a package nothing catalogues| no catalogued project/.test(line))
  assert.ok(leftOut.length <= 10, `${leftOut.length} lines`)
  assert.match(run.stdout, /^… and \d+ more left out \(--verbose lists every one\)$/m)
  const verbose = await stack('--verbose')
  assert.doesNotMatch(verbose.stdout, /more left out/)
  assert.ok(verbose.stdout.split('\n').length > 500, 'every one is listed')
})
