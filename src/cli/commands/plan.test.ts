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

// ---------------------------------------------------------------------------------------------
// compat plan --from FILE: the current stack derived from files people already have

const SBOM = JSON.stringify({
  bomFormat: 'CycloneDX',
  specVersion: '1.5',
  components: [
    { type: 'platform', name: 'platform', version: '1.33.2' },
    { type: 'application', name: 'dbo', version: 'v1.27.1' },
    { type: 'application', name: 'pgdb', version: '17.2' },
    { type: 'library', name: 'left-pad', version: '1.3.0', purl: 'pkg:npm/left-pad@1.3.0' },
  ],
})

let from: FixtureDir
before(async () => {
  from = await writeDataDir({
    'sbom.json': SBOM,
    'other.json': JSON.stringify({
      bomFormat: 'CycloneDX',
      specVersion: '1.5',
      components: [{ type: 'platform', name: 'plat', version: '1.34.1' }],
    }),
    'nothing.txt': 'flask==3.0.3\n',
  })
})
after(() => from.remove())

const planFrom = (...args: string[]) =>
  runCompatInProcess(['plan', '--data', FIXTURE_DATA_DIR, ...args], { cwd: from.dir })

test('compat plan --from: what was derived, then the plan for that stack', async () => {
  const run = await planFrom('--from', 'sbom.json', '--target', 'platform=1.34')
  assert.equal(run.code, 0, run.stderr)
  assert.equal(run.stderr, '')
  const [derived] = run.stdout.split('\n\n')
  assert.equal(
    derived,
    `sbom.json: CycloneDX, 4 components, 3 matched, 1 left out
MATCHED   VERSION  PROJECT      BY    AT
platform  1.33.2   platform     name  /components/0
dbo       v1.27.1  db-operator  name  /components/1
pgdb      17.2     pgdb         name  /components/2
LEFT OUT  VERSION  AT             NEAREST  REASON
left-pad  1.3.0    /components/3  -        no catalogued project has this package URL`,
  )
  assert.match(run.stdout, /\n\nMOVE\s+FROM\s+TO\s+REASON\ndb-operator\s+v1\.27\.1\s+1\.27\.3 /)
  assert.match(run.stdout, /\nplan: feasible — platform 1\.34 holds when 1 component moves: /)
})

test('compat plan --from --json: the plan’s answer and what it was derived from; --url alike', async () => {
  const args = ['--from', 'sbom.json', '--target', 'platform=1.34', '--json']
  const local = await planFrom(...args)
  const remote = await planFrom(...args, '--url', server.url)
  assert.equal(local.code, 0, local.stderr)
  assert.equal(remote.code, 0, remote.stderr)
  assert.equal(local.stdout, remote.stdout)
  assert.match(
    remote.stderr,
    /^compat plan: matched here on the data in \S+; the 3 components derived go to http:\/\/127\.0\.0\.1:\d+\/ with the targets\n$/,
  )
  const answer = JSON.parse(local.stdout)
  assert.equal(answer.feasible, true)
  assert.deepEqual(answer.derivedFrom, { format: 'cyclonedx', components: 4, matched: 3 })
  assert.deepEqual(Object.keys(answer).slice(-4), [
    'derivedFrom',
    'matches',
    'unmatched',
    'duplicates',
  ])
})

// [args, part of stderr]
const FROM_ERRORS: readonly (readonly [string[], string])[] = [
  [
    ['--from', 'nothing.txt', '--target', 'platform=1.34'],
    'compat plan: nothing in nothing.txt matched a catalogued project on the data in',
  ],
  [
    ['--from', 'sbom.json', '--from', 'other.json', '--target', 'platform=1.35'],
    'compat plan: platform is 1.33.2 in sbom.json (at /components/0) and 1.34.1 in other.json (at /components/0)',
  ],
  [
    ['stack.yaml', '--from', 'sbom.json', '--target', 'a=1'],
    'give a stack file or --from FILE, not both',
  ],
  [['--from', 'sbom.json'], 'give at least one --target NAME=VERSION'],
  [
    ['--from', 'missing.json', '--target', 'a=1'],
    'compat plan: cannot read missing.json: no such file',
  ],
]

for (const [args, message] of FROM_ERRORS) {
  test(`compat plan ${args.join(' ')}: exit 3`, async () => {
    const run = await planFrom(...args)
    assert.equal(run.code, 3, run.stdout)
    assert.ok(run.stderr.includes(message), run.stderr)
  })
}
