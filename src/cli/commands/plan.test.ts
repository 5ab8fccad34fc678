import assert from 'node:assert/strict'
import { after, before, test } from 'node:test'
import { FIXTURE_DATA_DIR } from '../../../test/support/fixture-app.ts'
import { type FixtureDir, writeDataDir } from '../../../test/support/fixture-data.ts'
import { startFixtureServer } from '../../../test/support/fixture-server.ts'
import { runCompatInProcess } from '../../../test/support/run-compat.ts'
import type { RunningServer } from '../../server.ts'

let server: RunningServer
let files: FixtureDir
before(async () => {
  server = await startFixtureServer()
  files = await writeDataDir({
    'stack.yaml': 'components:\n  platform: 1.33.2\n  dbo: v1.27.1\n  pgdb: 17.2\n',
    'faults.yaml': 'components:\n  platform: latest\n',
  })
})
after(async () => {
  await server.app.close()
  await files.remove()
})

const plan = (...args: string[]) =>
  runCompatInProcess(['plan', `${files.dir}/stack.yaml`, '--data', FIXTURE_DATA_DIR, ...args])

// [args, exit code, part of stdout]
const CASES: readonly (readonly [string[], number, string])[] = [
  [
    ['--target', 'platform=1.34'],
    0,
    'plan: feasible — platform 1.34 holds when 1 component moves: dbo v1.27.1 → 1.27.3.',
  ],
  [['--target', 'platform=1.33'], 0, 'Nothing else moves.'],
  [['--target', 'platform=9.9'], 1, 'plan: infeasible'],
  [['--target', 'platform=1.34', '--target', 'pgdb=18'], 0, 'dbo'],
]

for (const [args, code, output] of CASES) {
  test(`compat plan ${args.join(' ')} exits ${code}`, async () => {
    const run = await plan(...args)
    assert.equal(run.code, code, run.stderr)
    assert.ok(run.stdout.includes(output), run.stdout)
  })
}

test('compat plan: the moves, why, and the stack after the plan', async () => {
  const run = await plan('--target', 'platform=1.34')
  assert.match(
    run.stdout,
    /^MOVE\s+FROM\s+TO\s+REASON\ndbo\s+v1\.27\.1\s+1\.27\.3\s+At v1\.27\.1, dbo documents platform \(as plat\)/,
  )
  assert.match(run.stdout, /The stack after the plan:\nCOMPONENT/)
})

test('compat plan --json: the API answer, offline and with --url alike', async () => {
  const local = await plan('--target', 'platform=1.34', '--json')
  const remote = await runCompatInProcess([
    'plan',
    `${files.dir}/stack.yaml`,
    '--target',
    'platform=1.34',
    '--json',
    '--url',
    server.url,
  ])
  assert.equal(local.code, 0)
  assert.equal(remote.code, 0, remote.stderr)
  assert.equal(local.stdout, remote.stdout)
  assert.equal(JSON.parse(local.stdout).feasible, true)
})

// [args, part of stderr]
const ERRORS: readonly (readonly [string[], string])[] = [
  [[], 'give at least one --target NAME=VERSION'],
  [['--target', 'platform'], "'platform' is not DEP=VERSION"],
  [['--target', 'platform=1.34', '--unknown', 'maybe'], "--unknown 'maybe' must be block or allow"],
  [['--target', 'a=1', '--target', 'a=2'], "dependency 'a' is given more than once"],
]

for (const [args, message] of ERRORS) {
  test(`compat plan ${args.join(' ')}: exit 3, ${message}`, async () => {
    const run = await plan(...args)
    assert.equal(run.code, 3)
    assert.ok(run.stderr.includes(message), run.stderr)
  })
}

test('compat plan: a stack file with faults lists them, exit 3', async () => {
  const run = await runCompatInProcess(['plan', 'faults.yaml', '--target', 'platform=1.34'], {
    cwd: files.dir,
  })
  assert.equal(run.code, 3)
  assert.match(run.stderr, /^faults\.yaml:2:13: platform: 'latest' is not a recognizable version/)
  assert.match(run.stderr, /compat plan: faults\.yaml has a fault/)
})
