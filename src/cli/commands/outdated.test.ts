import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import { FIXTURE_DATA_DIR } from '../../../test/support/fixture-app.ts'
import { type FixtureDir, writeDataDir } from '../../../test/support/fixture-data.ts'
import { type RecordedUpstream, recordedUpstream } from '../../../test/support/recorded-upstream.ts'
import { runCompatInProcess } from '../../../test/support/run-compat.ts'

/** A project document keyed by `keys`, each with one python entry, released where `upstream` says. */
function project(id: string, keys: readonly string[], upstream: string): string {
  const versions = keys
    .map(
      (key) => `  "${key}":
    dependencies:
      python:
        ranges: ["3.12"]
        relationship: runtime
        confidence: low
        lastVerified: null
        notes: []
        sources: []`,
    )
    .join('\n')
  return `id: ${id}\nname: ${id}\ncategories: [test]\nwebsite: https://${id}.example.org/\nupstream:\n${upstream}\nversions:\n${versions}\n`
}

const TAGS = '/repos/demo/gh-demo/tags?per_page=100'

describe('compat outdated', () => {
  let upstream: RecordedUpstream
  let data: FixtureDir
  let env: Record<string, string>

  before(async () => {
    upstream = await recordedUpstream({
      [TAGS]: {
        file: 'github-tags-page-1.json',
        headers: { link: `<{base}${TAGS}&page=2>; rel="next", <{base}${TAGS}&page=2>; rel="last"` },
      },
      [`${TAGS}&page=2`]: { file: 'github-tags-page-2.json' },
      '/npm/demo-web': { file: 'npm-abbreviated.json' },
      '/pypi/demo-py/json': { file: 'pypi-demo-py.json' },
      '/charts/index.yaml': { file: 'helm-index.yaml' },
      '/repos/demo/limited/tags?per_page=100': {
        status: 403,
        body: '{"message":"API rate limit exceeded"}',
        headers: { 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': '1795000000' },
      },
    })
    data = await writeDataDir({
      // Tags v1.21.2, v1.21.0, v1.20.4, v1.19.1 (and an rc and a chart tag the pattern skips).
      'gh-demo.yaml': project(
        'gh-demo',
        ['1.21', '1.19'],
        `  github: demo/gh-demo\n  tagPattern: '^v(\\d+\\.\\d+\\.\\d+)$'`,
      ),
      // Releases 4.21.2, 5.0.0, 5.1.0 and 6.0.0-beta.1.
      'demo-web.yaml': project('demo-web', ['4.21'], '  npm: demo-web'),
      // Releases 1.9.3 to 2.1.2 and 2.2.0rc1.
      'demo-py.yaml': project('demo-py', ['2.1', '2.0', '1.9'], '  pypi: demo-py'),
      'demo-chart.yaml': project(
        'demo-chart',
        ['2.1', '2.0', '1.9'],
        `  helm:\n    repository: ${upstream.url}/charts/\n    chart: demo-chart`,
      ),
      'limited.yaml': project('limited', ['1.0'], '  github: demo/limited'),
      'no-upstream.yaml': project('no-upstream', ['1.0'], '  npm: missing-package').replace(
        /upstream:\n.*\n/,
        '',
      ),
    })
    env = {
      GITHUB_API_URL: upstream.url,
      npm_config_registry: `${upstream.url}/npm/`,
      COMPAT_PYPI_URL: `${upstream.url}/pypi`,
    }
  })

  after(async () => {
    await upstream.close()
    await data.remove()
  })

  // Columns: projects named, expected exit code, newerLines, missingLines (line@newest) of the first.
  const cases: [string[], number, string[], string[]][] = [
    [['gh-demo'], 1, [], ['1.20@1.20.4']],
    [['demo-web'], 1, ['5.1@5.1.0', '5.0@5.0.0'], []],
    [['demo-py'], 0, [], []],
    [['demo-chart'], 0, [], []],
  ]
  for (const [names, code, newer, missing] of cases) {
    test(`${names.join(' ')} → exit ${code}`, async () => {
      const run = await runCompatInProcess(['outdated', ...names, '--data', data.dir, '--json'], {
        env,
      })
      assert.equal(run.stderr, '')
      assert.equal(run.code, code)
      const [row] = JSON.parse(run.stdout).projects
      const lines = (list: { line: string; newest: string }[]) =>
        list.map((line) => `${line.line}@${line.newest}`)
      assert.deepEqual(lines(row.newerLines), newer)
      assert.deepEqual(lines(row.missingLines), missing)
    })
  }

  test('follows GitHub pagination and reads versions out of tags by the pattern', async () => {
    const run = await runCompatInProcess(['outdated', 'gh-demo', '--data', data.dir, '--json'], {
      env,
    })
    const [row] = JSON.parse(run.stdout).projects
    assert.equal(row.newestRelease, '1.21.2')
    assert.equal(row.newestDocumented, '1.21')
    assert.ok(upstream.asked.includes(`${TAGS}&page=2`))
  })

  test('a used-up rate limit is reported for its project; the others are still read', async () => {
    const run = await runCompatInProcess(['outdated', 'limited', 'demo-py', '--data', data.dir], {
      env,
    })
    assert.equal(run.code, 3)
    assert.match(
      run.stdout,
      /limited .*cannot read: GitHub's rate limit is used up until \d\d:\d\d UTC; set GITHUB_TOKEN/,
    )
    assert.match(run.stdout, /demo-py +2\.1 +2\.1\.2 +- +-/)
    assert.match(
      run.stdout,
      /outdated: 2 projects read; 0 with releases the data does not cover; 1 whose upstream could not be read/,
    )
  })

  test('without names, reads every project with an upstream and counts the others', async () => {
    const run = await runCompatInProcess(['outdated', '--data', data.dir], {
      env: { ...env, GITHUB_API_URL: `${upstream.url}/nowhere` },
    })
    assert.equal(run.code, 3)
    assert.match(run.stdout, /gh-demo .*cannot read: .*answered 404/)
    assert.match(run.stdout, /demo-web +4\.21 +5\.1\.0 +5\.1 \(5\.1\.0\), 5\.0 \(5\.0\.0\)/)
    assert.match(
      run.stdout,
      /5 projects read; 1 with releases the data does not cover; 2 whose upstream could not be read; 1 without an upstream \(not read\)/,
    )
  })

  test('a project without upstream, named, is an error for that project', async () => {
    const run = await runCompatInProcess(
      ['outdated', 'no-upstream', '--data', data.dir, '--json'],
      {
        env,
      },
    )
    assert.equal(run.code, 3)
    assert.deepEqual(JSON.parse(run.stdout).projects, [
      { project: 'no-upstream', upstream: null, error: 'no upstream recorded in its document' },
    ])
  })

  // Columns: arguments, the message expected on stderr (exit 3, nothing on stdout).
  const usage: [string[], RegExp][] = [
    [['outdated', 'nothing-here'], /no project 'nothing-here' in the data/],
    [['outdated', '--timeout', 'soon'], /--timeout/],
    [['outdated', '--frobnicate'], /frobnicate/],
  ]
  for (const [args, message] of usage) {
    test(`${args.join(' ')} is a usage error`, async () => {
      const run = await runCompatInProcess([...args, '--data', data.dir], { env })
      assert.equal(run.code, 3)
      assert.match(run.stderr, message)
      assert.equal(run.stdout, '')
    })
  }

  test('an unreachable upstream is one line naming it', async () => {
    const closed = await recordedUpstream({})
    await closed.close()
    const run = await runCompatInProcess(['outdated', 'demo-py', '--data', data.dir, '--json'], {
      env: { ...env, COMPAT_PYPI_URL: `${closed.url}/pypi` },
    })
    assert.equal(run.code, 3)
    const [row] = JSON.parse(run.stdout).projects
    assert.equal(row.error, `cannot reach ${closed.url}/pypi/demo-py/json (ECONNREFUSED)`)
  })
})

// The fixture data: platform documents its 1.34 and 1.33 lines, and has lifecycle data (1.33
// supported until 2026-06-28, 1.34 until 2026-10-27); no fixture project has an upstream.
describe('compat outdated: documented lines end of life while a newer one is supported', () => {
  // Columns: projects named, COMPAT_TODAY, exit code, endOfLifeLines as "project line→newer".
  const cases: [string[], string, number, string[]][] = [
    [[], '2026-07-01', 0, ['platform 1.33→1.34']],
    [[], '2026-09-01', 0, ['platform 1.33→1.34']],
    [[], '2026-06-28', 0, []],
    [[], '2026-11-28', 0, []],
    [['plat'], '2026-07-01', 3, ['platform 1.33→1.34']],
    [['webapp'], '2026-07-01', 3, []],
  ]
  for (const [names, today, code, found] of cases) {
    test(`${names.join(' ') || '(every project)'} on ${today}: ${found.join(', ') || 'none'}, exit ${code}`, async () => {
      const run = await runCompatInProcess(
        ['outdated', ...names, '--data', FIXTURE_DATA_DIR, '--json'],
        { env: { COMPAT_TODAY: today } },
      )
      assert.equal(run.code, code, run.stderr)
      const answer = JSON.parse(run.stdout)
      assert.equal(answer.readAt, today)
      const lines = answer.endOfLifeLines.map(
        (line: { project: string; line: string; newerSupported: { line: string }[] }) =>
          `${line.project} ${line.line}→${line.newerSupported.map((newer) => newer.line).join('+')}`,
      )
      assert.deepEqual(lines, found)
    })
  }

  test('--json: each line with its last day and the newer lines with theirs', async () => {
    const run = await runCompatInProcess(['outdated', '--data', FIXTURE_DATA_DIR, '--json'], {
      env: { COMPAT_TODAY: '2026-09-01' },
    })
    assert.deepEqual(JSON.parse(run.stdout), {
      readAt: '2026-09-01',
      projects: [],
      endOfLifeLines: [
        {
          project: 'platform',
          line: '1.33',
          supportUntil: '2026-06-28',
          newerSupported: [{ line: '1.34', status: 'security-only', supportUntil: '2026-10-27' }],
        },
      ],
    })
  })

  test('text: one sentence a project, counted in the summary; the exit code stays 0', async () => {
    const run = await runCompatInProcess(['outdated', '--data', FIXTURE_DATA_DIR], {
      env: { COMPAT_TODAY: '2026-07-01' },
    })
    assert.equal(run.code, 0, run.stderr)
    assert.equal(
      run.stdout,
      `platform 1.33 is end of life (support ended 2026-06-28); 1.34 (until 2026-10-27) is supported.

outdated: 0 projects read; 0 with releases the data does not cover; 6 without an upstream (not read); 1 documented line end of life while a newer one is supported (in 1 project)
`,
    )
  })

  test('text: one sentence a project, its newest lines named and the rest counted', async () => {
    const lifecycle = `lifecycle:
  confidence: medium
  lastVerified: "2026-10-01"
  sources: [{title: Policy, url: "https://lines.example.org/policy", accessedAt: "2026-10-01"}]
  lines:
    "1.36": {released: "2026-04-01", supportUntil: "2027-06-30"}
    "1.35": {released: "2025-12-01", supportUntil: "2027-02-28"}
    "1.34": {released: "2025-08-01", supportUntil: "2026-10-31"}
    "1.33": {released: "2025-04-01", supportUntil: "2026-06-30"}
    "1.32": {released: "2024-12-01", supportUntil: "2026-02-28"}
    "1.31": {released: "2024-08-01", supportUntil: true}
    "1.30": {released: "2024-04-01", supportUntil: true}
`
    const keys = ['1.36', '1.35', '1.34', '1.33', '1.32', '1.31', '1.30']
    const document = project('lines', keys, '').replace(/upstream:\n\n/, lifecycle)
    const dir = await writeDataDir({ 'lines.yaml': document })
    try {
      const run = await runCompatInProcess(['outdated', '--data', dir.dir], {
        env: { COMPAT_TODAY: '2026-11-28' },
      })
      assert.equal(run.code, 0, run.stderr)
      assert.equal(
        run.stdout,
        `lines 1.34, 1.33, 1.32 and 2 older lines are end of life (1.34's support ended 2026-10-31); 1.36 (until 2027-06-30) and 1.35 (until 2027-02-28) are supported.

outdated: 0 projects read; 0 with releases the data does not cover; 1 without an upstream (not read); 5 documented lines end of life while a newer one is supported (in 1 project)
`,
      )
    } finally {
      await dir.remove()
    }
  })

  test('text: after the table of upstreams, when a named project is read', async () => {
    const run = await runCompatInProcess(['outdated', 'platform', '--data', FIXTURE_DATA_DIR], {
      env: { COMPAT_TODAY: '2026-07-01' },
    })
    assert.equal(run.code, 3)
    assert.match(
      run.stdout,
      /^platform +- +- +cannot read: no upstream recorded in its document\n\nplatform 1\.33 is end of life/m,
    )
  })
})
