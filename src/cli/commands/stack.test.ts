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
    'compatible.yaml':
      'components:\n  platform: 1.33.2\n  dbo: v1.27.1\n  pgdb:\n    version: "17.2"\n    packages: [example/pgdb]\n',
    'incompatible.yaml': 'components:\n  pgdb: 18.1\n  db-operator: 1.27.0\n',
    'unknown.yaml': 'components:\n  redis: 7.2\n  nginx: 1.27\n',
    'faults.yaml': 'components:\n  platform: latest\n  dbo: {vers: 1}\nextra: true\n',
    'old-platform.yaml': 'components:\n  platform: 1.20.4\n  pgdb: 17.2\n',
  })
})
after(async () => {
  await server.app.close()
  await files.remove()
})

const offline = (...args: string[]) =>
  runCompatInProcess(['stack', '--data', FIXTURE_DATA_DIR, ...args])

// [file, exit code, part of stdout]
const CASES: readonly (readonly [string, number, string])[] = [
  ['compatible.yaml', 0, 'stack: compatible — All 2 pairs are documented compatible.'],
  [
    'incompatible.yaml',
    1,
    'stack: incompatible — 1 of 1 pair is incompatible: db-operator → pgdb.',
  ],
  ['unknown.yaml', 2, 'No pair: no component documents another.'],
]

for (const [file, code, output] of CASES) {
  test(`compat stack ${file} exits ${code}`, async () => {
    const run = await offline(`${files.dir}/${file}`)
    assert.equal(run.code, code, run.stderr)
    assert.ok(run.stdout.includes(output), run.stdout)
  })
}

test('compat stack: the components resolved, and each pair with its reason', async () => {
  const run = await offline(`${files.dir}/compatible.yaml`)
  assert.match(run.stdout, /^COMPONENT\s+VERSION\s+PROJECT\s+KEY\n/)
  assert.match(run.stdout, /dbo\s+v1\.27\.1\s+db-operator\s+1\.27\.1/)
  assert.match(run.stdout, /dbo v1\.27\.1\s+pgdb 17\.2\s+compatible\s+>=13 <19/)
})

test('compat stack --json: the API answer, offline and with --url alike', async () => {
  const file = `${files.dir}/compatible.yaml`
  const local = await offline(file, '--json')
  const remote = await runCompatInProcess(['stack', file, '--json', '--url', server.url])
  assert.equal(local.code, 0)
  assert.equal(remote.code, 0, remote.stderr)
  assert.equal(local.stdout, remote.stdout)
})

test('compat stack: each component’s support on the day, after the pairs', async () => {
  const run = await offline(`${files.dir}/compatible.yaml`, '--date', '2026-05-01')
  assert.equal(run.code, 0, run.stderr)
  const support = run.stdout.slice(run.stdout.lastIndexOf('COMPONENT  VERSION  LINE'))
  assert.equal(
    support,
    `COMPONENT  VERSION  LINE  SUPPORT    UNTIL
platform   1.33.2   1.33  supported  2026-06-28 (58 days)
dbo        v1.27.1  -     unknown    -
pgdb       17.2     -     unknown    -

stack: compatible — All 2 pairs are documented compatible.
support on 2026-05-01: 1 supported, 2 unknown (dbo, pgdb)
`,
  )
})

// [file, --date, --require-supported, exit code, the platform row's support and until, stderr]
const SUPPORT_CASES = [
  ['compatible.yaml', '2026-05-01', true, 0, ['supported', '2026-06-28 (58 days)'], ''],
  ['compatible.yaml', '2026-06-28', true, 0, ['supported', '2026-06-28 (last day)'], ''],
  [
    'compatible.yaml',
    '2026-06-29',
    true,
    1,
    ['end of life', '2026-06-28'],
    'compat stack: end of life on 2026-06-29: platform 1.33.2 (line 1.33, support ended 2026-06-28); the stack is compatible, but --require-supported fails it\n',
  ],
  ['compatible.yaml', '2026-06-29', false, 0, ['end of life', '2026-06-28'], ''],
  ['old-platform.yaml', '2026-05-01', true, 2, ['end of life', 'ended (no date)'], ''],
] as const

for (const [file, date, requireSupported, code, row, stderr] of SUPPORT_CASES) {
  const flag = requireSupported ? ' --require-supported' : ''
  test(`compat stack ${file} --date ${date}${flag} exits ${code}`, async () => {
    const run = await offline(
      `${files.dir}/${file}`,
      '--date',
      date,
      ...(requireSupported ? ['--require-supported'] : []),
    )
    assert.equal(run.code, code, run.stderr)
    const cells = row.map((cell) => cell.replace(/[()]/g, '\\$&')).join(' +')
    assert.match(run.stdout, new RegExp(`^platform +[\\d.]+ +[\\d.]+ +${cells}$`, 'm'))
    assert.equal(run.stderr, stderr)
  })
}

test('compat stack --url sends the day: --date, else the CLI’s today (COMPAT_TODAY)', async () => {
  const file = `${files.dir}/compatible.yaml`
  const dated = await runCompatInProcess([
    'stack',
    file,
    '--json',
    '--url',
    server.url,
    '--date',
    '2026-06-29',
    '--require-supported',
  ])
  assert.equal(dated.code, 1, dated.stderr)
  assert.equal(JSON.parse(dated.stdout).date, '2026-06-29')
  assert.match(dated.stderr, /platform 1\.33\.2 \(line 1\.33, support ended 2026-06-28\)/)
  const today = await runCompatInProcess(['stack', file, '--json', '--url', server.url], {
    env: { COMPAT_TODAY: '2026-05-01' },
  })
  assert.equal(today.code, 0, today.stderr)
  assert.equal(JSON.parse(today.stdout).support[0].status, 'supported')
})

test('compat stack: every fault of the file as FILE:LINE:COLUMN, exit 3', async () => {
  const run = await runCompatInProcess(['stack', 'faults.yaml', '--data', FIXTURE_DATA_DIR], {
    cwd: files.dir,
  })
  assert.equal(run.code, 3)
  assert.equal(run.stdout, '')
  assert.deepEqual(run.stderr.trim().split('\n'), [
    "faults.yaml:2:13: platform: 'latest' is not a recognizable version (such as 1.33.2, v1.27.1 or 16.4-alpine)",
    'faults.yaml:3:8: dbo: version is missing',
    'faults.yaml:3:9: dbo: unknown field "vers"; a component holds version and packages',
    'faults.yaml:4:1: unknown field "extra"; a stack file holds only components',
    'compat stack: faults.yaml has 4 faults; see docs/cli.md, "Stack files"',
  ])
})

// [args, part of the one line on stderr]
const ERRORS: readonly (readonly [string[], string])[] = [
  [[], 'give the stack file'],
  [['a.yaml', '--date', '2026-13-01'], "--date '2026-13-01' must be a real date, YYYY-MM-DD"],
  [['a.yaml', '--require-supported=yes'], '--require-supported takes no value'],
  [['missing.yaml'], 'cannot read missing.yaml: no such file'],
  [['a.yaml', 'b.yaml'], "unexpected argument 'b.yaml'"],
]

for (const [args, message] of ERRORS) {
  test(`compat stack ${args.join(' ')}: exit 3, ${message}`, async () => {
    const run = await runCompatInProcess(['stack', ...args], { cwd: files.dir })
    assert.equal(run.code, 3)
    assert.ok(run.stderr.includes(message), run.stderr)
  })
}

test('the commented example of docs/cli.md is a valid stack file, documented compatible', async () => {
  const run = await runCompatInProcess(['stack', 'docs/examples/stack.yaml'])
  assert.equal(run.code, 0, run.stderr)
  assert.match(run.stdout, /stack: compatible/)
})
