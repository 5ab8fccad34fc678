import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import { FIXTURE_DATA_DIR } from '../../../test/support/fixture-app.ts'
import { type FixtureDir, writeDataDir } from '../../../test/support/fixture-data.ts'
import { startFixtureServer } from '../../../test/support/fixture-server.ts'
import { runCompatInProcess } from '../../../test/support/run-compat.ts'
import { BUNDLED_DATA_DIR } from '../../data/bundled-data-dir.ts'
import type { RunningServer } from '../../server.ts'

let server: RunningServer
let files: FixtureDir
before(async () => {
  server = await startFixtureServer()
  files = await writeDataDir({
    'stack.yaml': 'components:\n  platform: 1.33.2\n  dbo: v1.27.1\n  pgdb: 17.2\n',
    'faults.yaml': 'components:\n  platform: latest\n',
    'cluster.yaml':
      'components:\n  kubernetes: 1.31\n  cert-manager: 1.15\n  cloudnative-pg: 1.24\n  ingress-nginx: 1.12.0\n  argo-cd: 2.14\n',
    'operators.yaml':
      'components:\n  cert-manager: 1.15\n  cloudnative-pg: 1.24\n  argo-cd: 2.14\n',
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
  [
    ['--target', 'platform=1.34', '--path'],
    0,
    'Steps:\n1. dbo v1.27.1 → 1.27.3: dbo first: at v1.27.1 it documents platform (as plat) 1.31, 1.32, 1.33, not 1.34, and platform moves to 1.34 in step 2. After it: compatible (2 pairs).\n2. platform 1.33.2 → 1.34: platform reaches its target 1.34 (one hop). After it: compatible (1 pair).\n\nMOVE ',
  ],
  [['--path', '--target', 'platform=1.33.2'], 0, 'Nothing moves.'],
  [
    ['--path', '--target', 'cloud-operator=1.0'],
    0,
    '1. cloud-operator joins at 1.0: cloud-operator joins the stack at its target 1.0.',
  ],
  [['--target', 'platform=1.34', '--prefer', 'newest'], 0, 'dbo v1.27.1 → 1.28'],
  [
    ['--path', '--target', 'platform=1.33'],
    1,
    'platform is blocked by:\n  upgrade rule: hops only go up',
  ],
  [
    ['--supported-on', '2026-09-01'],
    0,
    'plan: feasible — Every component with lifecycle data is supported on 2026-09-01 when 2 components move: platform 1.33.2 → 1.34, dbo v1.27.1 → 1.27.3.',
  ],
  [
    ['--supported-on', '2026-09-01', '--path'],
    0,
    '2. platform 1.33.2 → 1.34: platform moves to 1.34: at 1.33.2, its 1.33 line is end-of-life on 2026-09-01.',
  ],
  [
    ['--supported-on', '2027-06-01', '--target', 'pgdb=18'],
    1,
    'platform is blocked by:\n  support: no version platform may move to is supported on 2027-06-01',
  ],
]

for (const [args, code, output] of CASES) {
  test(`compat plan ${args.join(' ')} exits ${code}`, async () => {
    const run = await plan(...args)
    assert.equal(run.code, code, run.stderr)
    assert.ok(run.stdout.includes(output), run.stdout)
  })
}

// On a day of its own (COMPAT_TODAY): [args, part of stdout] — the support of where the plan
// lands, and plainly when that is a line at its end of life.
const LANDINGS: readonly (readonly [string[], string])[] = [
  [
    ['--target', 'platform=1.34'],
    'Its support on 2026-11-28:\nCOMPONENT  VERSION  LINE  SUPPORT      UNTIL\nplatform   1.34     1.34  end of life  2026-10-27\n',
  ],
  [
    ['--target', 'platform=1.34'],
    'support on 2026-11-28: 1 end of life (platform), 2 unknown (dbo, pgdb)\nwarning: the plan lands on a line at end of life on 2026-11-28: platform 1.34 (line 1.34, support ended 2026-10-27). Add --supported-on 2026-11-28 to plan for lines still supported that day.\n',
  ],
  [
    ['--target', 'platform=1.35', '--supported-on', '2027-01-15', '--unknown', 'allow'],
    'support on 2027-01-15: 1 security fixes only (platform), 2 unknown (dbo, pgdb)\n',
  ],
]

for (const [args, output] of LANDINGS) {
  test(`compat plan ${args.join(' ')} on 2026-11-28: where it lands`, async () => {
    const run = await runCompatInProcess(
      ['plan', `${files.dir}/stack.yaml`, '--data', FIXTURE_DATA_DIR, ...args],
      { env: { COMPAT_TODAY: '2026-11-28' } },
    )
    assert.equal(run.code, 0, run.stderr)
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

test('compat plan with a target naming nothing known: exit 3 with --url too, naming target', async () => {
  const run = await runCompatInProcess([
    'plan',
    `${files.dir}/stack.yaml`,
    '--target',
    'platfrom=1.34',
    '--url',
    server.url,
  ])
  assert.equal(run.code, 3)
  assert.match(run.stderr, /400.*target.*did you mean "platform"\?/s)
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

// [args]: the API's answer as it is, offline and with --url alike
const JSON_CASES: readonly (readonly string[])[] = [
  ['--target', 'platform=1.34', '--path'],
  ['--supported-on', '2026-09-01'],
  ['--supported-on', '2026-09-01', '--path', '--target', 'pgdb=18'],
  ['--supported-on', '2027-06-01', '--path'],
]

for (const args of JSON_CASES) {
  test(`compat plan ${args.join(' ')} --json: offline and with --url alike`, async () => {
    const local = await plan(...args, '--json')
    const remote = await runCompatInProcess([
      'plan',
      `${files.dir}/stack.yaml`,
      ...args,
      '--json',
      '--url',
      server.url,
    ])
    assert.equal(remote.code, local.code, remote.stderr)
    assert.equal(local.stdout, remote.stdout)
    const answer = JSON.parse(local.stdout)
    assert.equal(answer.path, args.includes('--path') ? true : undefined)
    assert.equal(Array.isArray(answer.steps), args.includes('--path'))
    const at = args.indexOf('--supported-on')
    assert.equal(answer.supportedOn, at === -1 ? undefined : args[at + 1])
    const targets = args.flatMap((arg, index) =>
      args[index - 1] === '--target' ? [arg.split('=')[0]] : [],
    )
    assert.deepEqual(Object.keys(answer.target), targets)
  })
}

test('compat plan without --path or --supported-on sends neither: the answer echoes neither', async () => {
  const answer = JSON.parse((await plan('--target', 'platform=1.34', '--json')).stdout)
  assert.equal('path' in answer, false)
  assert.equal('supportedOn' in answer, false)
  assert.equal('steps' in answer, false)
})

// [args, part of stderr]
const ERRORS: readonly (readonly [string[], string])[] = [
  [[], 'give at least one --target NAME=VERSION or --supported-on YYYY-MM-DD'],
  [['--path'], 'give at least one --target NAME=VERSION or --supported-on YYYY-MM-DD'],
  [['--supported-on', '2027-02-30'], "--supported-on '2027-02-30' must be a real date, YYYY-MM-DD"],
  [
    ['--target', 'platform=1.34', '--supported-on', '27-06-30'],
    "--supported-on '27-06-30' must be a real date, YYYY-MM-DD",
  ],
  [['--target', 'platform=1.34', '--path=yes'], '--path takes no value'],
  [['--target', 'platform'], "'platform' is not DEP=VERSION"],
  [['--target', 'platform=1.34', '--unknown', 'maybe'], "--unknown 'maybe' must be block or allow"],
  [
    ['--target', 'platform=1.34', '--prefer', 'oldest'],
    "--prefer 'oldest' must be lowest or newest",
  ],
  [
    ['--target', 'platfrom=1.34'],
    '--target "platfrom" names no catalogued project and no component of the stack; did you mean "platform"?',
  ],
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
    `sbom.json: CycloneDX JSON, 4 components, 3 matched, 1 left out
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

test('compat plan --from --path: what was derived, then the steps', async () => {
  const run = await planFrom('--from', 'sbom.json', '--target', 'platform=1.34', '--path')
  assert.equal(run.code, 0, run.stderr)
  assert.match(run.stdout, /^sbom\.json: CycloneDX JSON, 4 components, 3 matched, 1 left out\n/)
  assert.match(
    run.stdout,
    /\n\nSteps:\n1\. db-operator v1\.27\.1 → 1\.27\.3: .*\n2\. platform 1\.33\.2 → 1\.34: /,
  )
  assert.match(run.stdout, /\nplan: feasible — platform 1\.34 is reached in 2 steps/)
})

test('compat plan --from --supported-on: no target needed; --url alike', async () => {
  const run = await planFrom('--from', 'sbom.json', '--supported-on', '2026-09-01')
  assert.equal(run.code, 0, run.stderr)
  assert.match(run.stdout, /\nplan: feasible — Every component with lifecycle data is supported/)
  const remote = await planFrom(
    '--from',
    'sbom.json',
    '--supported-on',
    '2026-09-01',
    '--url',
    server.url,
  )
  assert.equal(remote.code, 0, remote.stderr)
  assert.equal(remote.stdout, run.stdout)
  assert.match(
    remote.stderr,
    / derived go to http:\/\/127\.0\.0\.1:\d+\/ with the day to be supported on\n$/,
  )
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
  [['--from', 'sbom.json'], 'give at least one --target NAME=VERSION or --supported-on'],
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

// ---------------------------------------------------------------------------------------------
// The bundled data: upgrade rules (Kubernetes one minor line at a time) and support windows

describe('compat plan on the bundled data', () => {
  let bundled: RunningServer
  before(async () => {
    bundled = await startFixtureServer({ dataDir: BUNDLED_DATA_DIR })
  })
  after(() => bundled.app.close())

  const onBundled = (file: string, ...args: string[]) =>
    runCompatInProcess(['plan', `${files.dir}/${file}`, ...args])

  /** The numbered steps of the text output: [number, component, from, to]. */
  const stepsOf = (stdout: string) =>
    [...stdout.matchAll(/^ *(\d+)\. (\S+) (\S+) → (\S+): /gm)].map((match) => match.slice(1))

  test('--target kubernetes=1.34 --path: kubernetes 1.31 → 1.32 → 1.33 → 1.34, in that order', async () => {
    const run = await onBundled('cluster.yaml', '--target', 'kubernetes=1.34', '--path')
    assert.equal(run.code, 0, run.stderr)
    const steps = stepsOf(run.stdout)
    assert.deepEqual(
      steps.map(([number]) => Number(number)),
      steps.map((_, at) => at + 1),
    )
    assert.deepEqual(
      steps
        .filter(([, component]) => component === 'kubernetes')
        .map(([, , from, to]) => [from, to]),
      [
        ['1.31', '1.32'],
        ['1.32', '1.33'],
        ['1.33', '1.34'],
      ],
    )
    // Every step leaves the stack documented compatible, and each component that must move
    // before kubernetes does so.
    for (const line of run.stdout.split('\n').filter((text) => /^ *\d+\. /.test(text))) {
      assert.match(line, /After it: compatible \(\d+ pairs?\)\.$/)
    }
    assert.ok(steps.length > 3, run.stdout)
    assert.match(run.stdout, /\nplan: feasible — kubernetes 1\.34 is reached in \d+ steps/)
  })

  test('--supported-on 2027-06-30 --path, no target: feasible', async () => {
    const run = await onBundled('operators.yaml', '--supported-on', '2027-06-30', '--path')
    assert.equal(run.code, 0, run.stderr)
    assert.match(run.stdout, /^Steps:\n {0,2}1\. /)
    assert.match(run.stdout, /\nplan: feasible — /)
    const moved = new Set(stepsOf(run.stdout).map(([, component]) => component))
    assert.ok(moved.size > 0, run.stdout)
  })

  test('--path --json with --url: the server answers as the bundled data does offline', async () => {
    const args = ['--target', 'kubernetes=1.34', '--path', '--json']
    const local = await onBundled('cluster.yaml', ...args)
    const remote = await onBundled('cluster.yaml', ...args, '--url', bundled.url)
    assert.equal(local.code, 0, local.stderr)
    assert.equal(remote.code, 0, remote.stderr)
    assert.equal(local.stdout, remote.stdout)
    const answer = JSON.parse(local.stdout) as { steps: { component: string; to: string }[] }
    assert.deepEqual(
      answer.steps.filter((step) => step.component === 'kubernetes').map((step) => step.to),
      ['1.32', '1.33', '1.34'],
    )
  })

  test('--supported-on --path with --url, in words: the same lines as offline', async () => {
    const args = ['--supported-on', '2027-06-30', '--path']
    const local = await onBundled('operators.yaml', ...args)
    const remote = await onBundled('operators.yaml', ...args, '--url', bundled.url)
    assert.equal(remote.code, 0, remote.stderr)
    assert.equal(local.stdout, remote.stdout)
  })
})
