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
