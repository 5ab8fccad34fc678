import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import {
  BROKEN_PROJECT,
  DEMO_PROJECT,
  type FixtureDir,
  writeDataDir,
} from '../../../test/support/fixture-data.ts'
import { runCompat, runCompatInProcess } from '../../../test/support/run-compat.ts'

let valid: FixtureDir
let faulty: FixtureDir

before(async () => {
  valid = await writeDataDir({ 'demo.yaml': DEMO_PROJECT })
  faulty = await writeDataDir({
    'demo.yaml': DEMO_PROJECT,
    'broken.yaml': BROKEN_PROJECT,
    // A YAML syntax error: a fault of the whole file, located but without a path.
    'syntax.yaml': 'id: syntax\nname: [unclosed\n',
  })
})
after(async () => {
  await valid.remove()
  await faulty.remove()
})

describe('bin/compat.js validate', { concurrency: true }, () => {
  test('the bundled data is valid: exit 0 and a summary relative to the working directory', async () => {
    const run = await runCompat(['validate'])
    assert.equal(run.stderr, '')
    assert.equal(run.code, 0)
    assert.match(run.stdout, /^ok: \d+ projects, \d+ entries in data\/projects\n$/)
  })

  test('every fault as FILE:LINE:COLUMN: path: message, a summary, exit 1', async () => {
    const run = await runCompat(['validate', '--data', faulty.dir])
    assert.equal(run.code, 1)
    assert.equal(run.stderr, '')
    const file = `${faulty.dir}/broken.yaml`
    assert.deepEqual(run.stdout.trimEnd().split('\n'), [
      `${file}:9:18: versions."1.0".dependencies.python.ranges[0]: operator '^' is not supported; write bounds with >=, >, <=, <, =, !=`,
      `${file}:12:23: versions."1.0".dependencies.python.lastVerified: high confidence needs a lastVerified date`,
      `${file}:14:18: versions."1.0".dependencies.python.sources: high confidence needs at least one source`,
      ...run.stdout
        .split('\n')
        .filter((line) => line.startsWith(`${faulty.dir}/syntax.yaml:3:1: `)),
      '4 faults in 2 files',
    ])
  })
})

describe('compat validate', () => {
  test('paths inside the working directory are shown relative to it', async () => {
    const run = await runCompatInProcess(['validate', '--data', 'projects'], { cwd: faulty.root })
    assert.equal(run.code, 1)
    assert.match(run.stdout, /^projects\/broken\.yaml:9:18: versions\."1\.0"/m)
    assert.match(run.stdout, /^projects\/syntax\.yaml:3:1: [^:]/m)
  })

  test('a valid directory: counts of projects and entries', async () => {
    const run = await runCompatInProcess(['validate', '--data', valid.dir])
    assert.equal(run.code, 0)
    assert.equal(run.stdout, `ok: 1 project, 6 entries in ${valid.dir}\n`)
  })

  // arguments, the one line on stderr
  const errors: [string[], RegExp][] = [
    [['validate', '--data', '/nonexistent/compat-data'], /no such directory/],
    [['validate', '--data'], /--data needs a value/],
    [['validate', '--strict'], /unknown option '--strict'/],
    [['validate', 'data/projects'], /unexpected argument 'data\/projects'/],
  ]
  for (const [args, message] of errors) {
    test(`${args.join(' ')}: exit 3`, async () => {
      const run = await runCompatInProcess(args)
      assert.equal(run.code, 3)
      assert.match(run.stderr, /^compat validate: [^\n]+\n$/)
      assert.match(run.stderr, message)
    })
  }
})
