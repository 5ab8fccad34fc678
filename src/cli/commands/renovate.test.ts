import assert from 'node:assert/strict'
import { after, before, test } from 'node:test'
import { FIXTURE_DATA_DIR } from '../../../test/support/fixture-app.ts'
import { type FixtureDir, writeDataDir } from '../../../test/support/fixture-data.ts'
import { runCompatInProcess } from '../../../test/support/run-compat.ts'

let files: FixtureDir
before(async () => {
  files = await writeDataDir({
    'stack.yaml': [
      'components:',
      '  platform: 1.34.1',
      '  dbo: {version: "1.26", packages: [example/db-operator]}',
      '  pgdb: {version: "18.1", packages: [example/pgdb]}',
      '  redis: {version: "7", packages: [redis]}',
      '',
    ].join('\n'),
    'no-packages.yaml': 'components:\n  platform: 1.34.1\n',
  })
})
after(() => files.remove())

test('compat renovate: one rule per component with packages, valid JSON, notes on stderr', async () => {
  const run = await runCompatInProcess(['renovate', 'stack.yaml', '--data', FIXTURE_DATA_DIR], {
    cwd: files.dir,
  })
  assert.equal(run.code, 0, run.stderr)
  const config = JSON.parse(run.stdout) as {
    packageRules: { matchPackageNames: string[]; allowedVersions: string; description: string }[]
  }
  assert.deepEqual(
    config.packageRules.map((rule) => rule.matchPackageNames),
    [['example/db-operator'], ['example/pgdb']],
  )
  const dbo = new RegExp((config.packageRules[0]?.allowedVersions ?? '').slice(1, -1))
  assert.equal(dbo.test('1.27.3'), true)
  assert.equal(dbo.test('v1.28.2-ubi9'), true)
  assert.equal(dbo.test('1.27.2'), false)
  assert.match(run.stderr, /compat renovate: no rule for redis: no catalogued project/)
})

test('compat renovate: usage errors exit 3', async () => {
  for (const [args, message] of [
    [[], 'give the stack file'],
    [['no-packages.yaml'], 'no component of no-packages.yaml names its packages'],
    [['missing.yaml'], 'cannot read missing.yaml: no such file'],
  ] as const) {
    const run = await runCompatInProcess(['renovate', ...args, '--data', FIXTURE_DATA_DIR], {
      cwd: files.dir,
    })
    assert.equal(run.code, 3, args.join(' '))
    assert.ok(run.stderr.includes(message), run.stderr)
  }
})
