import assert from 'node:assert/strict'
import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { test } from 'node:test'
import { Ajv } from 'ajv'
import addFormats from 'ajv-formats'
import { runCompat, runCompatInProcess } from '../../../test/support/run-compat.ts'
import { sarifValidator } from '../../../test/support/sarif-validator.ts'
import { tempDir } from '../../../test/support/temp-dir.ts'
import { type ScanReport, ScanReportSchema } from '../../core/scan/scan-report.ts'

// A repository of the usual shapes, made from real repositories' (test/fixtures/scan/repository):
// several Dockerfiles and stages, compose services with a .env, version files, engines and
// requires-python ranges, a workflow matrix, GitLab CI, a chart, lockfiles, and folders never
// to be read (node_modules, vendor, and generated/, which its .gitignore ignores).
const FIXTURE = 'test/fixtures/scan/repository'
const DAY = '2026-11-28'

const scan = (args: readonly string[]) => runCompatInProcess(['scan', ...args])

async function report(args: readonly string[] = []): Promise<ScanReport> {
  const run = await scan([FIXTURE, '--date', DAY, '--format', 'json', ...args])
  assert.equal(run.stderr, '')
  return JSON.parse(run.stdout) as ScanReport
}

const where = (locations: readonly { file: string; line: number }[]) =>
  locations.map((at) => `${at.file}:${at.line}`)

test('every pin past its end of life on the day is reported at its own line', async () => {
  const { problems } = await report()
  assert.deepEqual(
    problems
      .filter((problem) => problem.rule === 'end-of-life')
      .flatMap((problem) => where(problem.locations)),
    [
      '.github/workflows/ci.yml:16', // node-version 16.x of the matrix
      '.github/workflows/ci.yml:16', // 18.x
      '.github/workflows/ci.yml:16', // 20.x
      '.github/workflows/ci.yml:22', // services: postgres:13
      '.github/workflows/ci.yml:9', // python-version from the workflow's env: 3.10
      '.gitlab-ci.yml:1', // node:16
      '.gitlab-ci.yml:7', // postgres:12, through a variable
      '.gitlab-ci.yml:14', // python:3.10-slim
      '.nvmrc:1',
      '.tool-versions:2', // nodejs 20.19.5
      'Dockerfile:4', // node:${NODE_VERSION}-alpine, the ARG's default 18.20.4
      'docker-compose.yml:3', // postgres:${POSTGRES_VERSION:-11}-alpine
      'docker-compose.yml:9', // elasticsearch 7.17.10, from .env
      'docker-compose.yml:13', // quay.io/keycloak/keycloak:24.0
      'package-lock.json:32', // next 14.2.3
      'requirements.txt:2', // Django==4.2.16
      'services/api/Dockerfile:1', // python:3.9-slim-bookworm; its later stages build on it
      'services/auth/Containerfile:2', // keycloak 24.0, the builder stage
      'services/auth/Containerfile:7', // and the image it ships
      'web/package.json:9', // volta node 20.11.1
    ].sort((a, b) => {
      const [fa, la] = a.split(':')
      const [fb, lb] = b.split(':')
      return (fa as string) < (fb as string)
        ? -1
        : (fa as string) > (fb as string)
          ? 1
          : Number(la) - Number(lb)
    }),
  )
})

test('pinned pairs the data calls incompatible are reported at both ends', async () => {
  const { problems } = await report()
  const incompatible = problems.filter((problem) => problem.rule === 'incompatible')
  const django = incompatible.find((problem) =>
    problem.message.startsWith('PostgreSQL 11.22 and Django 4.2.16'),
  )
  assert.deepEqual(django === undefined ? null : where(django.locations), [
    'docker-compose.yml:3',
    'requirements.txt:2',
  ])
  const next = incompatible.find((problem) =>
    problem.message.startsWith('Node.js 16.20.2 and Next.js 14.2.3'),
  )
  assert.deepEqual(next === undefined ? null : where(next.locations), [
    '.github/workflows/ci.yml:16',
    '.gitlab-ci.yml:1',
    '.nvmrc:1',
    'package-lock.json:32',
  ])
  assert.ok(
    !incompatible.some((problem) => problem.message.startsWith('Node.js 18')),
    'node:18 and 18.x run the newest 18, which next 14.2 admits',
  )
})

test('ranges are judged by the oldest line they admit, at their lines', async () => {
  const { problems, findings } = await report()
  assert.deepEqual(
    problems
      .filter((problem) => problem.rule === 'range-admits-end-of-life')
      .flatMap((problem) => where(problem.locations)),
    [
      'charts/shop/Chart.yaml:7',
      'package.json:16',
      'pyproject.toml:5',
      'pyproject.toml:11',
      'web/package.json:6',
    ],
  )
  const chart = findings.find((finding) => finding.location.file === 'charts/shop/Chart.yaml')
  assert.deepEqual(
    chart && [chart.project, chart.range, chart.releaseLine, chart.status, chart.kind],
    ['kubernetes', '>= 1.19.0-0', '1.19', 'end-of-life', 'kube-version'],
  )
})

test('nothing under node_modules, vendor or an ignored folder is read', async () => {
  const { findings, faults, files } = await report()
  const paths = [
    ...findings.map((finding) => finding.location.file),
    ...faults.map((fault) => fault.file),
  ]
  assert.deepEqual(
    paths.filter((path) => /(^|\/)(node_modules|vendor|generated)\//.test(path)),
    [],
  )
  assert.deepEqual(faults, [])
  assert.equal(
    files.read.dockerfile,
    3,
    'Dockerfile, services/api/Dockerfile, services/auth/Containerfile',
  )
})

test('--format json is the ScanReport schema; --json is the same', async () => {
  const ajv = new Ajv({ strict: false, allErrors: true })
  addFormats.default(ajv)
  const validate = ajv.compile(ScanReportSchema)
  const json = await scan([FIXTURE, '--date', DAY, '--json', '--plan'])
  const parsed: unknown = JSON.parse(json.stdout)
  assert.ok(validate(parsed), JSON.stringify(validate.errors))
  assert.equal((parsed as ScanReport).plan?.feasible, true)
  assert.deepEqual(parsed, { ...(await report(['--plan'])) })
})

test('--format sarif validates against the SARIF 2.1.0 schema, a result at each location of each problem', async () => {
  const run = await scan([FIXTURE, '--date', DAY, '--format', 'sarif'])
  assert.equal(run.code, 1)
  const log = JSON.parse(run.stdout) as { runs: { results: unknown[] }[] }
  const validate = sarifValidator()
  assert.ok(validate(structuredClone(log)), JSON.stringify(validate.errors, null, 2))
  const { problems } = await report()
  assert.equal(
    log.runs[0]?.results.length,
    problems.reduce((sum, problem) => sum + problem.locations.length, 0),
  )
})

// [--fail-on, exit code]
const FAIL_ON = [
  [[], 1],
  [['--fail-on', 'none'], 0],
  [['--fail-on', 'unknown-version'], 1],
  [['--fail-on', 'security-only, range-admits-end-of-life'], 1],
] as const

for (const [args, code] of FAIL_ON) {
  test(`compat scan ${args.join(' ') || '(default --fail-on)'} exits ${code}`, async () => {
    const run = await scan([FIXTURE, '--date', DAY, ...args])
    assert.equal(run.code, code, run.stderr)
  })
}

test('the text report: findings at file:line, problems grouped by rule, the verdict last', async () => {
  const run = await scan([FIXTURE, '--date', DAY])
  const lines = run.stdout.trimEnd().split('\n')
  assert.match(
    lines[0] as string,
    /^compat scan test\/fixtures\/scan\/repository on 2026-11-28: 17 files read of \d+ walked past, \d+ findings$/,
  )
  assert.ok(
    lines.includes(
      'end-of-life (20): A pinned version whose release line is past its end of life on the day.',
    ),
  )
  assert.ok(
    lines.includes(
      '  requirements.txt:2: django 4.2.16 runs Django 4.2, whose support ended on 2026-04-07.',
    ),
    run.stdout,
  )
  assert.match(
    lines.at(-1) as string,
    /^scan: 20 end-of-life, 3 incompatible, .* — fails \(--fail-on end-of-life, incompatible\)$/,
  )
})

test('--plan: the path from the pins past their end of life to a stack supported on the day', async () => {
  const run = await scan([FIXTURE, '--date', DAY, '--plan'])
  assert.match(
    run.stdout,
    /\nplan: to a stack supported on 2026-11-28, one step at a time, from the oldest pin of each of \d+ catalogued projects \(/,
  )
  assert.match(run.stdout, /\nSteps:\n *1\. /)
  assert.match(
    run.stdout,
    /\nplan: feasible — Every component with lifecycle data is supported on 2026-11-28 after \d+ steps/,
  )
})

test('a repository with nothing past its end of life passes, and --plan has nothing to plan', async () => {
  const root = await tempDir('compat-scan-')
  writeFileSync(join(root, '.nvmrc'), '24\n')
  const run = await runCompatInProcess(['scan', '.', '--date', DAY, '--plan'], { cwd: root })
  assert.equal(run.code, 0, run.stderr)
  assert.match(
    run.stdout,
    /\nscan: 1 security-only — passes \(--fail-on end-of-life, incompatible\)\n/,
  )
  assert.match(
    run.stdout,
    /\nplan: no pin is past its end of life on 2026-11-28: nothing to plan\.\n$/,
  )
})

test('control characters a file holds are never sent to the terminal', async () => {
  const root = await tempDir('compat-scan-')
  mkdirSync(join(root, 'app'))
  writeFileSync(join(root, 'app', 'Dockerfile'), 'FROM node:\u001b[2J16\n')
  const run = await runCompatInProcess(['scan', root, '--date', DAY])
  assert.ok(!run.stdout.includes('\u001b'), 'no escape character reaches the terminal')
  assert.match(run.stdout, /app\/Dockerfile:1: node:\ufffd\[2J16 names no version of Node\.js/)
})

// [arguments, what stderr says]
const BAD_INPUT = [
  [
    ['--fail-on', 'end-of-lyfe'],
    /--fail-on: 'end-of-lyfe' is no rule \(did you mean "end-of-life"\?\); the rules are /,
  ],
  [['--fail-on', ','], /--fail-on needs rules/],
  [['--format', 'xml'], /--format 'xml' must be text, json or sarif/],
  [['--json', '--format', 'sarif'], /--json and --format sarif ask for two formats/],
  [['--date', '2026-02-30'], /--date '2026-02-30' must be a real date/],
  [
    ['no/such/folder'],
    /^compat scan: no\/such\/folder: no such folder; give the folder of the repository to scan/,
  ],
  [['package.json'], /package\.json: not a folder/],
  [['a', 'b'], /unexpected argument 'b'/],
] as const

for (const [args, message] of BAD_INPUT) {
  test(`compat scan ${args.join(' ')}: exit 3, ${message}`, async () => {
    const run = await scan(args)
    assert.equal(run.code, 3)
    assert.match(run.stderr, message)
    assert.equal(run.stdout, '')
  })
}

test('the installed command scans too', async () => {
  const run = await runCompat([
    'scan',
    FIXTURE,
    '--date',
    DAY,
    '--fail-on',
    'none',
    '--format',
    'sarif',
  ])
  assert.equal(run.code, 0, run.stderr)
  assert.equal(JSON.parse(run.stdout).runs[0].tool.driver.name, 'compat')
})
