import assert from 'node:assert/strict'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { after, before, test } from 'node:test'
import { fileURLToPath } from 'node:url'
import { type RecordedRegistry, recordedRegistry } from '../../../test/support/recorded-registry.ts'
import { runCompatInProcess } from '../../../test/support/run-compat.ts'

const FIXTURES = fileURLToPath(new URL('../../../test/fixtures/readiness/', import.meta.url))
const TODAY = '2026-12-07'

let registry: RecordedRegistry
let home: string
before(async () => {
  registry = await recordedRegistry()
  home = await mkdtemp(join(tmpdir(), 'compat-readiness-cli-'))
})
after(async () => {
  await registry.close()
  await rm(home, { recursive: true, force: true })
})

const readiness = (args: readonly string[], cache = 'cache') =>
  runCompatInProcess(['readiness', ...args], {
    cwd: FIXTURES,
    env: {
      COMPAT_TODAY: TODAY,
      npm_config_registry: registry.npm,
      COMPAT_PYPI_URL: registry.pypi,
      XDG_CACHE_HOME: join(home, cache),
      HOME: home,
    },
  })

test('compat readiness: the blockers with where each could move, the admitted range, the newest supported line, exit 1', async () => {
  const run = await readiness([
    '--from',
    'react18-app/package-lock.json',
    '--target',
    'node=16.20.2',
  ])
  assert.equal(run.code, 1, run.stderr)
  const lines = run.stdout.split('\n')
  assert.equal(lines[0], 'react18-app/package-lock.json: npm package-lock.json, 592 packages')
  assert.match(run.stdout, /^BLOCKED BY +VERSION +DECLARES +LOWEST ADMITTING +NEWEST ADMITTING$/m)
  assert.match(run.stdout, /^react-hook-form +7\.49\.3 +>=18 +7\.50\.0 +7\.52\.1$/m)
  assert.match(run.stdout, /^vite +5\.0\.11 +\^18\.0\.0 \|\| >=20\.0\.0 +none +4\.5\.14$/m)
  assert.match(run.stdout, /^Admitted by every range: >=18\.0\.0 <19\.0\.0 \|\| >=20\.0\.0$/m)
  assert.match(
    run.stdout,
    /^Newest nodejs line inside it: \d+ \([\d.]+\), supported, until \d{4}-\d\d-\d\d on 2026-12-07$/m,
  )
  assert.equal(
    lines.at(-2),
    'readiness: blocked — 22 packages exclude node 16.20.2; 1 of them have a release that admits it',
  )
})

test('compat readiness: a tree that admits the target is ready, exit 0; --json is the API’s answer', async () => {
  const run = await readiness([
    '--from',
    'react18-app/package-lock.json',
    '--target',
    'nodejs=24',
    '--offline',
    '--json',
  ])
  assert.equal(run.code, 0, run.stderr)
  const answer = JSON.parse(run.stdout)
  assert.deepEqual(Object.keys(answer), [
    'target',
    'offline',
    'date',
    'verdict',
    'components',
    'blocking',
    'silent',
    'admittedRange',
    'newestAdmitted',
  ])
  assert.deepEqual(answer.target, { name: 'nodejs', version: '24', project: 'nodejs' })
  assert.equal(answer.verdict, 'ready')
  assert.equal(answer.components.length, 592)
})

// [args, what a Python lockfile's answer says]
const PYTHON: readonly (readonly [readonly string[], number, RegExp])[] = [
  [
    ['--from', 'python/poetry.lock', '--target', 'python=3.7', '--offline'],
    1,
    /^black +23\.12\.1 +>=3\.8 +\(offline\)/m,
  ],
  [
    ['--from', 'python/poetry.lock', '--target', 'python=3.13', '--offline'],
    0,
    /^Admitted by every range: >=3\.8$/m,
  ],
  [
    ['--from', 'python/pylock.toml', '--target', 'python=3.9', '--offline'],
    1,
    /^numpy +2\.2\.3 +>= 3\.10 /m,
  ],
  // uv.lock records no package's Requires-Python: the registry tells, at each exact version.
  [
    ['--from', 'python/uv.lock', '--target', 'python=3.8'],
    1,
    /^requests +2\.32\.5 +>=3\.9 +none +2\.32\.3$/m,
  ],
  [
    ['--from', 'python/uv.lock', '--target', 'urllib3=3.0.0'],
    1,
    /^requests +2\.32\.5 +<3,>=1\.21\.1 +2\.33\.0 +2\.33\.0$/m,
  ],
  // Offline, the registry's answers kept in the cache are read.
  [
    ['--from', 'python/uv.lock', '--target', 'python=3.8', '--offline'],
    1,
    /^requests +2\.32\.5 +>=3\.9 +\(offline\)/m,
  ],
]

test('compat readiness on Python lockfiles: Requires-Python and Requires-Dist by PEP 440', async () => {
  for (const [args, code, expected] of PYTHON) {
    const run = await readiness(args)
    assert.equal(run.code, code, `${args.join(' ')}: ${run.stderr}${run.stdout}`)
    assert.match(run.stdout, expected, args.join(' '))
  }
})

test('compat readiness offline with nothing kept: what only the registry can tell is unjudged, saying why', async () => {
  const run = await readiness(
    ['--from', 'python/uv.lock', '--target', 'python=3.8', '--offline'],
    'empty',
  )
  assert.equal(run.code, 0, run.stderr)
  assert.match(run.stdout, /0 declare nothing, 7 could not be judged\./)
  assert.match(
    run.stdout,
    /^ {2}certifi 2025\.11\.12: the registry's answer for certifi is not in the cache, and the registry is not read offline$/m,
  )
})

// [args, the message on stderr]
const REFUSED: readonly (readonly [readonly string[], RegExp])[] = [
  [['--target', 'nodejs=24'], /give the files to read, e\.g\. --from package-lock\.json/],
  [['--from', 'react18-app/package-lock.json'], /give the target, e\.g\. --target nodejs=24/],
  [
    ['--from', 'react18-app/package-lock.json', '--target', 'nodejs'],
    /--target 'nodejs' must be NAME=VERSION/,
  ],
  [
    ['--from', 'react18-app/package-lock.json', '--target', 'raect=19.0.0'],
    /--target NAME: 'raect' is neither a runtime \(nodejs, python\) nor a package of the file; nearest: react/,
  ],
  [
    ['--from', 'react18-app/package-lock.json', '--target', 'react=next'],
    /--target VERSION: 'next' is not a semver version/,
  ],
  [
    ['--from', 'python/poetry.lock', '--target', 'python=three'],
    /'three' is not a PEP 440 version/,
  ],
  [['--from', 'missing.json', '--target', 'nodejs=24'], /cannot read missing\.json: no such file/],
]

test('compat readiness refuses bad input with exit 3, naming what to fix', async () => {
  for (const [args, message] of REFUSED) {
    const run = await readiness(args)
    assert.equal(run.code, 3, args.join(' '))
    assert.match(run.stderr, message, args.join(' '))
  }
})

test('compat readiness: a file of no format compat reads is named with the formats tried', async () => {
  const file = join(home, 'notes.txt')
  await writeFile(file, 'Some notes about the project\nthat are not a requirements file at all.\n')
  const run = await readiness(['--from', file, '--target', 'nodejs=24'])
  assert.equal(run.code, 3)
  assert.match(run.stderr, /is not a stack file compat reads .*pnpm-lock\.yaml/)
})
