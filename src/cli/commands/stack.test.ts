import assert from 'node:assert/strict'
import { execFileSync } from 'node:child_process'
import { readFile, writeFile } from 'node:fs/promises'
import { after, before, test } from 'node:test'
import { FIXTURE_DATA_DIR } from '../../../test/support/fixture-app.ts'
import { type FixtureDir, writeDataDir } from '../../../test/support/fixture-data.ts'
import { startFixtureServer } from '../../../test/support/fixture-server.ts'
import { REPO_ROOT, runCompatInProcess } from '../../../test/support/run-compat.ts'
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

// ---------------------------------------------------------------------------------------------
// compat stack --from FILE: the stack derived from files people already have

/** A CycloneDX 1.6 SBOM of `components` ([name, version, purl?]), with a root. */
function sbom(components: readonly (readonly [string, string, string?])[]): string {
  return JSON.stringify({
    bomFormat: 'CycloneDX',
    specVersion: '1.6',
    metadata: { component: { type: 'application', name: 'shop', version: '1.0.0' } },
    components: components.map(([name, version, purl]) => ({
      type: 'library',
      name,
      version,
      ...(purl === undefined ? {} : { purl }),
    })),
  })
}

/** `helm list -o json` of releases ([chart, app_version]). */
function releases(charts: readonly (readonly [string, string])[]): string {
  return JSON.stringify(
    charts.map(([chart, appVersion], index) => ({
      name: `release-${index}`,
      namespace: 'default',
      revision: '1',
      updated: '2026-11-01 10:00:00.0 +0000 UTC',
      status: 'deployed',
      chart,
      app_version: appVersion,
    })),
  )
}

let from: FixtureDir
let many: FixtureDir
before(async () => {
  from = await writeDataDir({
    'app.cdx.json': sbom([
      ['platform', '1.33.2'],
      ['dbo', 'v1.27.1'],
      ['left-pad', '1.3.0', 'pkg:npm/left-pad@1.3.0'],
      ['platfrom', '2.0'],
      ['libpq5', '16.4', 'deb/debian/libpq5@16.4'],
    ]),
    'releases.json': releases([['pgdb-17.2.0', '17.2']]),
    'same.cdx.json': sbom([['platform', 'v1.33.2+k3s1']]),
    'conflict.cdx.json': sbom([['plat', '1.34.1']]),
    'nothing.cdx.json': sbom([['left-pad', '1.3.0', 'pkg:npm/left-pad@1.3.0']]),
    'requirements.txt': 'flask==3.0.3\n',
    'unknown.json': '{"hello": "world"}\n',
    'broken.cdx.json':
      '{"bomFormat": "CycloneDX", "specVersion": "1.6", "components": [{"name": "a", "version": 3}, {"type": "library"}]}\n',
    'zero.txt': '-r /dev/zero\nflask==3.0.3\n',
    'environ.txt': '-r /proc/self/environ\n',
    'fifo.txt': '-r fifo\n',
    'escapes.txt': `flask==3.0.3\n\u001b]0;owned\u0007\u001b[31m${'x'.repeat(200)}\n`,
    'image.png': '\u0089PNG\r\n\u001a\n\u0000\u0000',
  })
  execFileSync('mkfifo', [`${from.dir}/fifo`])
  // A chain of requirements files: 0 includes 1, … 2,000 includes 2,001.
  for (let level = 0; level <= 2_000; level++)
    await writeFile(`${from.dir}/chain-${level}.txt`, `-r chain-${level + 1}.txt\n`)
  // 257 catalogued projects, and SBOMs naming 257 and 33 of them.
  const projects: Record<string, string> = {}
  for (let index = 0; index < 257; index++) {
    projects[`p${index}.yaml`] =
      `id: p${index}\nname: P${index}\ncategories: [test]\nwebsite: https://example.org/\nversions:\n  "1.0":\n    dependencies: {}\n`
  }
  many = await writeDataDir(projects)
  const names = Object.keys(projects).map((file) => file.slice(0, -'.yaml'.length))
  await writeFile(`${many.root}/257.cdx.json`, sbom(names.map((name) => [name, '1.0'])))
  await writeFile(`${many.root}/33.cdx.json`, sbom(names.slice(0, 33).map((name) => [name, '1.0'])))
})
after(async () => {
  await from.remove()
  await many.remove()
})

const derive = (args: readonly string[], env: Record<string, string> = {}) =>
  runCompatInProcess(['stack', ...args, '--data', FIXTURE_DATA_DIR], {
    cwd: from.dir,
    env: { COMPAT_TODAY: '2026-05-01', ...env },
  })

test('compat stack --from: what was derived, every component left out, then the answer', async () => {
  const run = await derive(['--from', 'app.cdx.json'])
  assert.equal(run.code, 0, run.stderr)
  assert.equal(run.stderr, '')
  const [derived, answer] = run.stdout.split('\n\n')
  assert.equal(
    derived,
    `app.cdx.json: CycloneDX JSON, 5 components, 2 matched, 5 left out
MATCHED   VERSION  PROJECT      BY    AT
platform  1.33.2   platform     name  /components/0
dbo       v1.27.1  db-operator  name  /components/1
LEFT OUT  VERSION  AT                   NEAREST   REASON
left-pad  1.3.0    /components/2        -         no catalogued project has this package URL
platfrom  2.0      /components/3        platform  no catalogued project has this name
libpq5    16.4     /components/4        -         no catalogued project has this name
libpq5    -        /components/4/purl   -         the purl "deb/debian/libpq5@16.4" is not a package URL (missing required "pkg" scheme component); the component is kept without it
shop      -        /metadata/component  -         the root: the software the file describes, not a component of the stack it runs on`,
  )
  assert.match(answer ?? '', /^COMPONENT\s+VERSION\s+PROJECT\s+KEY\nplatform\s+1\.33\.2\s+platform/)
  assert.match(run.stdout, /\nstack: compatible — The one pair is documented compatible\.\n/)
})

test('compat stack --from an SBOM --json: the API’s answer; with --url the SBOM goes as it is', async () => {
  const local = await derive(['--from', 'app.cdx.json', '--json'])
  const remote = await runCompatInProcess(
    ['stack', '--from', 'app.cdx.json', '--json', '--url', server.url, '--date', '2026-05-01'],
    { cwd: from.dir },
  )
  assert.equal(local.code, 0, local.stderr)
  assert.equal(remote.code, 0, remote.stderr)
  assert.equal(remote.stderr, '', 'the server matched it: nothing to say')
  assert.equal(local.stdout, remote.stdout)
  const answer = JSON.parse(local.stdout)
  assert.deepEqual(Object.keys(answer).slice(-4), [
    'derivedFrom',
    'matches',
    'unmatched',
    'duplicates',
  ])
  assert.deepEqual(answer.derivedFrom, { format: 'cyclonedx', components: 5, matched: 2 })
  assert.deepEqual(answer.components, { platform: '1.33.2', 'db-operator': 'v1.27.1' })
})

test('compat stack --from several files: one stack; derivedFrom a list, each item naming its file', async () => {
  const args = ['--from', 'app.cdx.json', '--from', 'releases.json', '--from', 'same.cdx.json']
  const local = await derive([...args, '--json'])
  assert.equal(local.code, 0, local.stderr)
  const answer = JSON.parse(local.stdout)
  assert.deepEqual(answer.components, {
    platform: '1.33.2',
    'db-operator': 'v1.27.1',
    pgdb: '17.2',
  })
  assert.deepEqual(answer.derivedFrom, [
    { file: 'app.cdx.json', format: 'cyclonedx', components: 5, matched: 2 },
    { file: 'releases.json', format: 'helm-list', components: 1, matched: 1 },
    { file: 'same.cdx.json', format: 'cyclonedx', components: 1, matched: 1 },
  ])
  assert.deepEqual(answer.matches[2], {
    file: 'releases.json',
    name: 'pgdb',
    version: '17.2',
    project: 'pgdb',
    by: 'name',
    location: '/0',
  })
  // With --url, matched here (several files) and sent as a JSON stack: the same answer.
  const remote = await runCompatInProcess(
    [
      'stack',
      ...args,
      '--json',
      '--url',
      server.url,
      '--date',
      '2026-05-01',
      '--data',
      FIXTURE_DATA_DIR,
    ],
    { cwd: from.dir },
  )
  assert.equal(remote.code, 0, remote.stderr)
  assert.equal(remote.stdout, local.stdout)
  assert.match(
    remote.stderr,
    /^compat stack: matched here on the data in \S+ \(--data names the data to match on\); the 3 components derived go to http:\/\/127\.0\.0\.1:\d+\/ as a JSON stack\n$/,
  )
  const text = await derive(args)
  assert.match(text.stdout, /^app\.cdx\.json: CycloneDX JSON, /)
  assert.match(text.stdout, /\n\nreleases\.json: helm list -o json, 1 component, 1 matched\n/)
  assert.match(
    text.stdout,
    /\n\nsame\.cdx\.json: CycloneDX JSON, 1 component, 1 matched, 1 left out\n/,
  )
})

test('compat stack --from with --require-supported and --date, as for a stack file', async () => {
  const run = await derive([
    '--from',
    'app.cdx.json',
    '--date',
    '2026-06-29',
    '--require-supported',
  ])
  assert.equal(run.code, 1, run.stderr)
  assert.match(
    run.stderr,
    /^compat stack: end of life on 2026-06-29: platform 1\.33\.2 \(line 1\.33/,
  )
  const remote = await runCompatInProcess(
    [
      'stack',
      '--from',
      'app.cdx.json',
      '--url',
      server.url,
      '--date',
      '2026-06-29',
      '--require-supported',
    ],
    { cwd: from.dir },
  )
  assert.equal(remote.code, 1, remote.stderr)
  assert.match(remote.stdout, /support on 2026-06-29: /)
})

test('compat stack --from: nothing matched is an empty stack, unknown (exit 2)', async () => {
  const run = await derive(['--from', 'nothing.cdx.json'])
  assert.equal(run.code, 2, run.stderr)
  assert.match(
    run.stdout,
    /\nNothing in the file matched a catalogued project: the stack is empty\.\n\nstack: unknown — /,
  )
  // Not an SBOM, so matched here; nothing to send.
  const remote = await runCompatInProcess(
    ['stack', '--from', 'requirements.txt', '--url', server.url, '--data', FIXTURE_DATA_DIR],
    { cwd: from.dir },
  )
  assert.equal(remote.code, 2, remote.stderr)
  assert.match(
    remote.stderr,
    /nothing matched a catalogued project .* the empty stack is answered here/,
  )
})

// [args, the lines on stderr (a RegExp: the one line)]
const FROM_ERRORS: readonly (readonly [string[], string[] | RegExp])[] = [
  [
    ['--from', 'app.cdx.json', '--from', 'conflict.cdx.json'],
    [
      'compat stack: platform is 1.33.2 in app.cdx.json (at /components/0) and 1.34.1 in conflict.cdx.json (at /components/0): files of one deployment name one version of each project; give the files of one deployment, or check each file on its own',
    ],
  ],
  [
    ['--from', 'unknown.json'],
    /^compat stack: unknown\.json is not a stack file compat reads \(CycloneDX JSON \(1\.4, 1\.5, 1\.6\), SPDX 2\.3 JSON, .*pip requirements\.txt\): it is a JSON object with none of the fields that tell these formats apart\n$/,
  ],
  [
    ['--from', 'broken.cdx.json'],
    [
      'broken.cdx.json: /components/0/version: must be a string, found 3',
      'broken.cdx.json: /components/1/name: is missing',
      'compat stack: broken.cdx.json is CycloneDX JSON but breaks the format: 2 faults; see docs/cli.md, "Stacks from files"',
    ],
  ],
  [['--from', 'missing.json'], ['compat stack: cannot read missing.json: no such file']],
  [
    ['--from', '/dev/zero'],
    ['compat stack: cannot read /dev/zero: a character device, not a regular file'],
  ],
  [
    ['--from', '/proc/self/environ'],
    ['compat stack: cannot read /proc/self/environ: a file of /proc, which describes this machine'],
  ],
  [
    ['--from', 'fifo'],
    ['compat stack: cannot read fifo: a FIFO (a named pipe), not a regular file'],
  ],
  [
    ['--from', 'zero.txt'],
    [
      'zero.txt:1: includes /dev/zero, not read: a character device, not a regular file',
      'compat stack: zero.txt is pip requirements.txt but breaks the format: 1 fault; see docs/cli.md, "Stacks from files"',
    ],
  ],
  [
    ['--from', 'environ.txt'],
    [
      'environ.txt:1: includes /proc/self/environ, not read: a file of /proc, which describes this machine',
      'compat stack: environ.txt is pip requirements.txt but breaks the format: 1 fault; see docs/cli.md, "Stacks from files"',
    ],
  ],
  [
    ['--from', 'fifo.txt'],
    [
      'fifo.txt:1: includes fifo, not read: a FIFO (a named pipe), not a regular file',
      'compat stack: fifo.txt is pip requirements.txt but breaks the format: 1 fault; see docs/cli.md, "Stacks from files"',
    ],
  ],
  [
    ['--from', 'chain-0.txt'],
    [
      'chain-32.txt:1: includes chain-33.txt, not read: includes are followed at most 32 files deep',
      'compat stack: chain-0.txt is pip requirements.txt but breaks the format: 1 fault; see docs/cli.md, "Stacks from files"',
    ],
  ],
  [
    ['--from', 'escapes.txt'],
    [
      `escapes.txt:2: is neither a requirement nor an option: \\u001b]0;owned\\u0007\\u001b[31m${'x'.repeat(65)}…`,
      'compat stack: escapes.txt is pip requirements.txt but breaks the format: 1 fault; see docs/cli.md, "Stacks from files"',
    ],
  ],
  [
    ['--from', 'image.png'],
    /^compat stack: image\.png is not a stack file compat reads \(.*\): it is binary, not text \(a NUL byte at character 9\)\n$/,
  ],
  [
    ['stack.yaml', '--from', 'app.cdx.json'],
    [
      "compat stack: give a stack file or --from FILE, not both ('stack.yaml') (see 'compat stack --help')",
    ],
  ],
  [
    ['stack.yaml', '--write', 'out.yaml'],
    [
      "compat stack: --write goes with --from: compat stack --from sbom.json --write stack.yaml (see 'compat stack --help')",
    ],
  ],
  [['--from', 'app.cdx.json', '--force'], /--force goes with --write/],
  [['--from', 'app.cdx.json', '--write', 'out.yaml', '--json'], /--json does not apply/],
  [
    ['--from', 'app.cdx.json', '--write', 'app.cdx.json'],
    /--write app\.cdx\.json is one of the --from files/,
  ],
]

for (const [args, expected] of FROM_ERRORS) {
  test(`compat stack ${args.join(' ')}: exit 3`, async () => {
    const run = await derive(args)
    assert.equal(run.code, 3, run.stdout)
    assert.equal(run.stdout, '')
    if (expected instanceof RegExp) assert.match(run.stderr, expected)
    else assert.deepEqual(run.stderr.trimEnd().split('\n'), expected)
  })
}

test('compat stack --from … --write: a stack file that compat stack reads; never replaced without --force', async () => {
  const args = ['--from', 'app.cdx.json', '--from', 'releases.json', '--write', 'derived.yaml']
  const written = await derive(args)
  assert.equal(written.code, 0, written.stderr)
  assert.match(
    written.stdout,
    /\n\nWrote derived\.yaml: 3 components derived from 2 files\. Check it with: compat stack derived\.yaml\n$/,
  )
  const text = await readFile(`${from.dir}/derived.yaml`, 'utf8')
  assert.match(
    text,
    /^# Derived by `compat stack --from app\.cdx\.json --from releases\.json --data \S+ --write derived\.yaml` on 2026-05-01,\n/,
  )
  assert.match(
    text,
    /\n {2}db-operator: "v1\.27\.1" {2}# app\.cdx\.json \/components\/1: dbo, by name\n/,
  )
  const checked = await derive(['derived.yaml', '--json'])
  const fromFiles = await derive(['--from', 'app.cdx.json', '--from', 'releases.json', '--json'])
  assert.equal(checked.code, 0, checked.stderr)
  // The same stack, the same answer: only what it was derived from is not in a stack file.
  const { derivedFrom, matches, unmatched, duplicates, ...answer } = JSON.parse(fromFiles.stdout)
  assert.deepEqual(JSON.parse(checked.stdout), answer)

  const again = await derive(['--from', 'same.cdx.json', '--write', 'derived.yaml'])
  assert.equal(again.code, 3)
  assert.equal(
    again.stderr,
    'compat stack: derived.yaml exists; give --force to replace it, or --write another path (nothing written)\n',
  )
  assert.equal(await readFile(`${from.dir}/derived.yaml`, 'utf8'), text)
  const forced = await derive(['--from', 'same.cdx.json', '--write', 'derived.yaml', '--force'])
  assert.equal(forced.code, 0, forced.stderr)
  assert.match(
    await readFile(`${from.dir}/derived.yaml`, 'utf8'),
    /\n {2}platform: "v1\.33\.2\+k3s1" /,
  )
})

// [args, exit code, part of stderr]
const LIMITS: readonly (readonly [string[], string])[] = [
  [
    ['--from', '257.cdx.json'],
    'compat stack: the components of 257.cdx.json match 257 catalogued projects; a stack derived from files holds at most 256',
  ],
  [
    ['--from', '33.cdx.json', '--write', 'x.yaml'],
    'compat stack: the stack derived has 33 components, and a stack file holds at most 32',
  ],
  [
    ['--from', '33.cdx.json', '--url', 'http://127.0.0.1:9/'],
    'and a JSON stack sent to a server holds at most 32; check it offline (without --url), or send one SBOM alone',
  ],
]

for (const [args, message] of LIMITS) {
  test(`compat stack ${args.join(' ')}: exit 3, ${message.slice(14, 60)}…`, async () => {
    const run = await runCompatInProcess(['stack', ...args, '--data', many.dir], { cwd: many.root })
    assert.equal(run.code, 3, run.stdout)
    assert.ok(run.stderr.includes(message), run.stderr)
  })
}

test('compat stack --from 33 matched components offline: judged, one line each', async () => {
  const run = await runCompatInProcess(['stack', '--from', '33.cdx.json', '--data', many.dir], {
    cwd: many.root,
  })
  assert.equal(run.code, 2, run.stderr)
  assert.match(
    run.stdout,
    /^33\.cdx\.json: CycloneDX JSON, 33 components, 33 matched, 1 left out\n/,
  )
})

test('a cluster from its files (docs/cli.md): helm list -A and kubectl version, on the bundled data', async () => {
  const run = await runCompatInProcess(
    [
      'stack',
      '--from',
      'helm-list/helm-list-all-namespaces.json',
      '--from',
      'kubectl-version/eks.json',
    ],
    { cwd: `${REPO_ROOT}test/fixtures/stack-files` },
  )
  assert.equal(run.code, 0, run.stderr)
  assert.match(run.stdout, /\ncert-manager {3}v1\.15\.3 {2}cert-manager {3}purl {2}\/0\n/)
  assert.match(run.stdout, /\ningress-nginx {2}1\.11\.2 {3}ingress-nginx {2}name {2}\/1\n/)
  assert.match(
    run.stdout,
    /\nkubernetes {2}v1\.30\.4-eks-a0f0ba7 {2}kubernetes {2}name {2}\/serverVersion\/gitVersion\n/,
  )
  assert.match(run.stdout, /\nstack: compatible — /)
})
