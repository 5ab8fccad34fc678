import assert from 'node:assert/strict'
import { after, before, test } from 'node:test'
import { FIXTURE_DATA_DIR } from '../../../test/support/fixture-app.ts'
import { startFixtureServer } from '../../../test/support/fixture-server.ts'
import { runCompatInProcess } from '../../../test/support/run-compat.ts'
import type { RunningServer } from '../../server.ts'

let server: RunningServer
before(async () => {
  server = await startFixtureServer()
})
after(() => server.app.close())

const offline = (...args: string[]) =>
  runCompatInProcess(['versions', '--data', FIXTURE_DATA_DIR, ...args])

// [args after the data directory, exit code, part of stdout]
const CASES: readonly (readonly [string[], number, string])[] = [
  [
    ['--project', 'dbo', 'platform=1.34.1', 'pgdb=18.1'],
    0,
    'Newest compatible with platform 1.34.1, pgdb 18.1: dbo 1.28.',
  ],
  [['--project', 'dbo', 'plat=1.34.1'], 0, '1.27.3 (since)'],
  [
    ['--project', 'webapp', 'python=2.7'],
    1,
    'No documented version of webapp is documented compatible',
  ],
  [['--project', 'webapp', 'redis=7'], 2, 'No documented version'],
]

for (const [args, code, output] of CASES) {
  test(`compat versions ${args.join(' ')} exits ${code}`, async () => {
    const run = await offline(...args)
    assert.equal(run.code, code, run.stderr)
    assert.ok(run.stdout.includes(output), run.stdout)
  })
}

// [--date, the platform rows (version verdict support), the summary]
const SUPPORT_CASES = [
  [
    '2026-07-01',
    ['1.34 compatible supported', '1.33 compatible end of life'],
    'Newest compatible with etcd 3.5.1: platform 1.34 (supported on 2026-07-01).',
  ],
  [
    '2026-11-28',
    ['1.34 compatible end of life', '1.33 compatible end of life'],
    'Newest compatible with etcd 3.5.1: platform 1.34; no compatible version is supported on 2026-11-28.',
  ],
  [
    '2025-06-01',
    ['1.34 compatible not released yet', '1.33 compatible supported'],
    'Newest compatible with etcd 3.5.1: platform 1.34; newest compatible and supported on 2025-06-01: platform 1.33.',
  ],
] as const

for (const [date, rows, summary] of SUPPORT_CASES) {
  test(`compat versions --project platform etcd=3.5.1 --date ${date}: ${rows.join(', ')}`, async () => {
    const run = await offline('--project', 'platform', 'etcd=3.5.1', '--date', date)
    assert.equal(run.code, 0, run.stderr)
    const lines = run.stdout.trim().split('\n')
    assert.match(lines[0] ?? '', /^VERSION +VERDICT +SUPPORT +ETCD 3\.5\.1$/)
    assert.deepEqual(
      lines.slice(1, 3).map((line) => line.replace(/ {2,}/g, ' ').replace(/ 3\.5$/, '')),
      rows,
    )
    assert.equal(lines.at(-1), summary)
  })
}

test('compat versions: a project without lifecycle data keeps the summary; support unknown', async () => {
  const run = await offline(
    '--project',
    'dbo',
    'platform=1.34.1',
    'pgdb=18.1',
    '--date',
    '2026-07-01',
  )
  assert.equal(run.code, 0, run.stderr)
  assert.match(run.stdout, /^1\.28 +compatible +unknown +1\.34/m)
  assert.ok(run.stdout.endsWith('Newest compatible with platform 1.34.1, pgdb 18.1: dbo 1.28.\n'))
})

test('compat versions --url sends the day: --date, else the CLI’s today (COMPAT_TODAY)', async () => {
  const args = ['versions', '--url', server.url, '--project', 'platform', 'etcd=3.5.1', '--json']
  const dated = await runCompatInProcess([...args, '--date', '2026-07-01'])
  assert.equal(dated.code, 0, dated.stderr)
  assert.equal(JSON.parse(dated.stdout).newestSupportedCompatible, '1.34')
  const today = await runCompatInProcess(args, { env: { COMPAT_TODAY: '2025-06-01' } })
  assert.equal(JSON.parse(today.stdout).date, '2025-06-01')
  assert.equal(JSON.parse(today.stdout).newestSupportedCompatible, '1.33')
})

test('compat versions --json prints the API answer, byte for byte, offline and with --url', async () => {
  const args = ['--project', 'dbo', 'plat=1.34.1', '10=1', '--json']
  const local = await offline(...args)
  const remote = await runCompatInProcess(['versions', '--url', server.url, ...args])
  // "10" is documented nowhere, and plat 1.34.1 only by some versions: none is compatible.
  assert.equal(local.code, 1)
  assert.equal(remote.code, 1, remote.stderr)
  assert.equal(local.stdout, remote.stdout)
  const query = new URLSearchParams({ dependencies: '{"plat":"1.34.1","10":"1"}' })
  const served = await fetch(`${server.url}/api/v1/projects/dbo/versions?${query}`)
  assert.equal(local.stdout, `${await served.text()}\n`)
})

// [args, part of the one line on stderr]
const ERRORS: readonly (readonly [string[], string])[] = [
  [['python=3.12'], '--project is required'],
  [['--project', 'webapp'], 'give at least one DEP=VERSION'],
  [['--project', 'webapp', 'python'], "'python' is not DEP=VERSION"],
  [['--project', 'webapp', 'a=1', 'a=2'], "dependency 'a' is given more than once"],
  [['--project', '', 'a=1'], '--project must not be empty'],
  [['--project', 'webap', 'python=3.12'], 'Did you mean "webapp"?'],
  [['--project', 'webapp', 'python=3.12', '--timeout', '5'], '--timeout applies only with --url'],
  [['--project', 'webapp', 'python=3.12', '--date', '2026-04-31'], "--date '2026-04-31' must be"],
]

for (const [args, message] of ERRORS) {
  test(`compat versions ${args.join(' ')}: exit 3, ${message}`, async () => {
    const run = await offline(...args)
    assert.equal(run.code, 3)
    assert.equal(run.stdout, '')
    assert.equal(run.stderr.trim().split('\n').length, 1, run.stderr)
    assert.ok(run.stderr.includes(message), run.stderr)
  })
}

test('compat versions --url for an unknown project: the server’s words, exit 3', async () => {
  const run = await runCompatInProcess([
    'versions',
    '--url',
    server.url,
    '--project',
    'webap',
    'python=3.12',
  ])
  assert.equal(run.code, 3)
  assert.match(
    run.stderr,
    /answered 404 Not Found: No project "webap" is known.*Did you mean "webapp"\?/,
  )
  assert.doesNotMatch(run.stderr, /is --url the base URL/)
})
