import assert from 'node:assert/strict'
import { after, before, test } from 'node:test'
import { FIXTURE_DATA_DIR } from '../../../test/support/fixture-app.ts'
import { startFixtureServer } from '../../../test/support/fixture-server.ts'
import { runCompat, runCompatInProcess } from '../../../test/support/run-compat.ts'
import type { LifecycleLineResult } from '../../api/response-schemas.ts'
import type { RunningServer } from '../../server.ts'
import { describeLifecycle } from './lifecycle.ts'

const TODAY = '2026-11-28'

let server: RunningServer
before(async () => {
  server = await startFixtureServer()
})
after(() => server.app.close())

const offline = (args: readonly string[], today = TODAY) =>
  runCompatInProcess(['lifecycle', '--data', FIXTURE_DATA_DIR, ...args], {
    env: { COMPAT_TODAY: today },
  })

test('compat lifecycle: every line newest first, in words, and how many stand where', async () => {
  const run = await offline(['platform'])
  assert.equal(run.code, 0, run.stderr)
  assert.equal(
    run.stdout,
    `LINE        RELEASED    ACTIVE SUPPORT UNTIL  SUPPORT UNTIL    STATUS       DAYS LEFT
1.35        2025-12-17  2026-12-28            2027-02-28       supported    92 days
1.34        2025-08-27  2026-08-27            2026-10-27       end of life  -
1.33        2025-04-23  -                     2026-06-28       end of life  -
1.20 (LTS)  2020-12-08  -                     ended (no date)  end of life  -

platform on 2026-11-28: of 4 lines, 1 supported (1.35), 3 end of life; confidence high, last verified 2026-10-01.
`,
  )
})

// [args, COMPAT_TODAY, the 1.34 line's status and days left, part of the summary]
const DAYS = [
  [
    ['plat', '--date', '2026-09-01'],
    TODAY,
    'security fixes only',
    '56 days',
    '1 security fixes only (1.34)',
  ],
  [['platform'], '2026-10-27', 'security fixes only', 'last day', 'platform on 2026-10-27'],
  [
    ['platform', '--date', '2025-08-26'],
    TODAY,
    'not released yet',
    '427 days',
    '2 not released yet (1.35, 1.34)',
  ],
  [
    ['platform', '--date', '2026-05-01'],
    TODAY,
    'supported',
    '179 days',
    '3 supported (1.35, 1.34, 1.33)',
  ],
] as const

for (const [args, today, status, daysLeft, summary] of DAYS) {
  test(`compat lifecycle ${args.join(' ')} (today ${today}): 1.34 ${status}, ${daysLeft}`, async () => {
    const run = await offline(args, today)
    assert.equal(run.code, 0, run.stderr)
    assert.match(run.stdout, new RegExp(`^1\\.34 .*  ${status} +${daysLeft}$`, 'm'))
    assert.ok(run.stdout.includes(summary), run.stdout)
  })
}

test('compat lifecycle: a project without lifecycle data answers with no lines, exit 0', async () => {
  const run = await offline(['webapp'])
  assert.equal(run.code, 0)
  assert.equal(run.stdout, 'webapp: no support windows are recorded (no lifecycle data).\n')
})

test('compat lifecycle --json prints the API answer, byte for byte, offline and with --url', async () => {
  const local = await offline(['plat', '--date', '2026-09-01', '--json'])
  const remote = await runCompatInProcess([
    'lifecycle',
    'plat',
    '--date',
    '2026-09-01',
    '--json',
    '--url',
    server.url,
  ])
  assert.equal(local.code, 0)
  assert.equal(remote.code, 0, remote.stderr)
  assert.equal(local.stdout, remote.stdout)
  const served = await fetch(`${server.url}/api/v1/projects/plat/lifecycle?date=2026-09-01`)
  assert.equal(local.stdout, `${await served.text()}\n`)
})

test('compat lifecycle --url without --date asks about the CLI’s today (COMPAT_TODAY)', async () => {
  const run = await runCompatInProcess(['lifecycle', 'platform', '--json', '--url', server.url], {
    env: { COMPAT_TODAY: '2026-09-01' },
  })
  assert.equal(run.code, 0, run.stderr)
  assert.equal(JSON.parse(run.stdout).date, '2026-09-01')
})

// [args, part of the one line on stderr]
const ERRORS: readonly (readonly [string[], string])[] = [
  [[], 'give the project'],
  [['platform', 'django'], "unexpected argument 'django'"],
  [[''], 'PROJECT must not be empty'],
  [['platfrom'], 'No project "platfrom" is known'],
  [['platform', '--date', '2026-02-30'], "--date '2026-02-30' must be a real date, YYYY-MM-DD"],
  [['platform', '--date', '28.11.2026'], "--date '28.11.2026' must be a real date"],
  [['platform', '--timeout', '5'], '--timeout applies only with --url'],
]

for (const [args, message] of ERRORS) {
  test(`compat lifecycle ${args.join(' ')}: exit 3, ${message}`, async () => {
    const run = await offline(args)
    assert.equal(run.code, 3)
    assert.equal(run.stdout, '')
    assert.equal(run.stderr.trim().split('\n').length, 1, run.stderr)
    assert.ok(run.stderr.includes(message), run.stderr)
  })
}

test('compat lifecycle --url for an unknown project: the server’s words, exit 3', async () => {
  const run = await runCompatInProcess(['lifecycle', 'platfrom', '--url', server.url])
  assert.equal(run.code, 3)
  assert.match(run.stderr, /answered 404 Not Found: No project "platfrom" is known.*"platform"\?/)
})

test('the binary: compat lifecycle exits 0 with the table', async () => {
  const run = await runCompat(['lifecycle', 'platform', '--data', FIXTURE_DATA_DIR], {
    env: { COMPAT_TODAY: TODAY },
  })
  assert.equal(run.code, 0, run.stderr)
  assert.match(run.stdout, /^LINE +RELEASED/)
})

test('compat lifecycle: a line without an extended programme shows none under EXTENDED SUPPORT, not "ongoing"', () => {
  const line = (name: string, extended: LifecycleLineResult['extendedSupportUntil']) => ({
    line: name,
    released: '2024-01-01',
    activeSupportUntil: null,
    supportUntil: null,
    extendedSupportUntil: extended,
    lts: false,
    latest: null,
    status: 'supported' as const,
    daysLeft: null,
    sources: [],
  })
  const lines = describeLifecycle({
    project: 'vue',
    date: TODAY,
    confidence: 'high',
    lastVerified: TODAY,
    notes: [],
    sources: [],
    lines: [line('3.5', null), line('2.7', '2025-12-31'), line('2.6', true)],
  })
  const extended = (name: string) => {
    const row = lines.find((text) => text.startsWith(`${name} `)) ?? ''
    const start = (lines[0] as string).indexOf('EXTENDED SUPPORT UNTIL')
    return row.slice(start).split(/\s{2,}/)[0]
  }
  assert.deepEqual(['3.5', '2.7', '2.6'].map(extended), ['-', '2025-12-31', 'ended (no date)'])
})
