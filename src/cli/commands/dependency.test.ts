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
  runCompatInProcess(['dependency', '--data', FIXTURE_DATA_DIR, ...args])

test('compat dependency KEY: every entry that documents it, by its names', async () => {
  const run = await offline('plat')
  assert.equal(run.code, 0, run.stderr)
  assert.match(run.stdout, /^PROJECT\s+VERSION\s+KEY\s+DOCUMENTED/)
  assert.match(run.stdout, /db-operator\s+1\.27\.3 \(since\)\s+plat\s+1\.31, 1\.32, 1\.33, 1\.34/)
  assert.match(run.stdout, /db-operator\s+1\.26\s+platform/)
  assert.match(
    run.stdout,
    /6 entries in 1 project document plat \(the catalogued project platform\)\./,
  )
  assert.doesNotMatch(run.stdout, /VERDICT/)
})

test('compat dependency KEY --version V: each entry judged', async () => {
  const run = await offline('pgdb', '--version', '18.1')
  assert.equal(run.code, 0, run.stderr)
  assert.match(
    run.stdout,
    /1\.27\.1 \(since\)\s+pgdb\s+>=13 <19\s+database\s+medium\s+2026-10-01\s+compatible/,
  )
  assert.match(run.stdout, /With 18\.1: 3 compatible, 2 incompatible, 0 unknown\./)
})

test('compat dependency --json: the API answer, offline and with --url alike', async () => {
  const local = await offline('etcd', '--version', '3.6', '--json')
  const remote = await runCompatInProcess([
    'dependency',
    'etcd',
    '--version',
    '3.6',
    '--json',
    '--url',
    server.url,
  ])
  assert.equal(local.code, 0)
  assert.equal(remote.code, 0, remote.stderr)
  assert.equal(local.stdout, remote.stdout)
  assert.equal(JSON.parse(local.stdout).entries.length, 2)
})

// [args, part of the one line on stderr]
const ERRORS: readonly (readonly [string[], string])[] = [
  [[], 'give the dependency key'],
  [['etcd', 'extra'], "unexpected argument 'extra'"],
  [['etdc'], 'Did you mean "etcd"?'],
  [['etcd', '--version', ''], '--version must not be empty'],
  [['x'.repeat(129)], 'the dependency key must be at most 128 characters'],
]

for (const [args, message] of ERRORS) {
  test(`compat dependency ${args.join(' ').slice(0, 30)}: exit 3, ${message}`, async () => {
    const run = await offline(...args)
    assert.equal(run.code, 3)
    assert.equal(run.stderr.trim().split('\n').length, 1, run.stderr)
    assert.ok(run.stderr.includes(message), run.stderr)
  })
}

test('compat dependency --url for an unknown key: the server’s suggestion, exit 3', async () => {
  const run = await runCompatInProcess(['dependency', 'etdc', '--url', server.url])
  assert.equal(run.code, 3)
  assert.match(
    run.stderr,
    /answered 404 Not Found: No entry documents a dependency "etdc".*Did you mean "etcd"\?/,
  )
})
