import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import { DEMO_PROJECT, type FixtureDir, writeDataDir } from '../../../test/support/fixture-data.ts'
import { runCompat, runCompatInProcess } from '../../../test/support/run-compat.ts'

let demo: FixtureDir

before(async () => {
  demo = await writeDataDir({ 'demo.yaml': DEMO_PROJECT })
})
after(async () => {
  await demo.remove()
})

const TODAY = { COMPAT_TODAY: '2026-11-22' }
const DOCS = 'https://demo.example.org/docs/install'

describe('bin/compat.js stale', () => {
  test('never verified first, then oldest first, with age and sources; exit 0', async () => {
    const run = await runCompat(['stale', '--data', demo.dir], { env: TODAY })
    assert.equal(run.stderr, '')
    assert.equal(run.code, 0)
    assert.deepEqual(run.stdout.trimEnd().split('\n'), [
      'AGE   LAST VERIFIED  PROJECT  VERSION  DEPENDENCY  CONFIDENCE  SOURCES',
      `-     never          demo     2.0      postgresql  medium      ${DOCS}`,
      '-     never          demo     2.0      memcached   low         -',
      '2396  2020-05-01     demo     2.0      redis       low         -',
      '',
      '3 entries to re-verify (older than 365 days on 2026-11-22; 2 never verified)',
    ])
  })
})

describe('compat stale', () => {
  // --older-than, the dependencies listed in order
  const cases: [string[], string[]][] = [
    [[], ['postgresql', 'memcached', 'redis']],
    [
      ['--older-than', '316'],
      ['postgresql', 'memcached', 'redis'],
    ],
    [
      ['--older-than', '315'],
      ['postgresql', 'memcached', 'redis', 'python'],
    ],
    [
      ['--older-than', '0'],
      ['postgresql', 'memcached', 'redis', 'python', 'demo-cli', 'python'],
    ],
    [
      ['--older-than', '5000'],
      ['postgresql', 'memcached'],
    ],
  ]
  for (const [flags, listed] of cases) {
    test(`${flags.join(' ') || 'default 365 days'} lists ${listed.join(', ')}`, async () => {
      const run = await runCompatInProcess(['stale', '--data', demo.dir, '--json', ...flags], {
        env: TODAY,
      })
      assert.equal(run.code, 0)
      const { entries } = JSON.parse(run.stdout) as { entries: { dependency: string }[] }
      assert.deepEqual(
        entries.map((entry) => entry.dependency),
        listed,
      )
    })
  }

  test('--json: today, the threshold and each entry with its sources', async () => {
    const run = await runCompatInProcess(
      ['stale', '--data', demo.dir, '--json', '--older-than', '400'],
      { env: TODAY },
    )
    assert.deepEqual(JSON.parse(run.stdout), {
      today: '2026-11-22',
      olderThanDays: 400,
      entries: [
        {
          project: 'demo',
          version: '2.0',
          dependency: 'postgresql',
          confidence: 'medium',
          lastVerified: null,
          ageDays: null,
          sources: [{ title: 'Demo installation guide', url: DOCS, accessedAt: '2026-01-10' }],
        },
        {
          project: 'demo',
          version: '2.0',
          dependency: 'memcached',
          confidence: 'low',
          lastVerified: null,
          ageDays: null,
          sources: [],
        },
        {
          project: 'demo',
          version: '2.0',
          dependency: 'redis',
          confidence: 'low',
          lastVerified: '2020-05-01',
          ageDays: 2396,
          sources: [],
        },
      ],
    })
  })

  test('nothing stale: an ok line, exit 0', async () => {
    const verified = DEMO_PROJECT.replaceAll('lastVerified: null', 'lastVerified: "2026-01-01"')
    const fresh = await writeDataDir({ 'demo.yaml': verified })
    try {
      const run = await runCompatInProcess(['stale', '--data', fresh.dir, '--older-than', '5000'], {
        env: TODAY,
      })
      assert.equal(run.code, 0)
      assert.equal(
        run.stdout,
        'ok: nothing to re-verify; every entry was verified at most 5000 days before 2026-11-22\n',
      )
    } finally {
      await fresh.remove()
    }
  })

  // arguments, environment, the one line on stderr
  const errors: [string[], Record<string, string>, RegExp][] = [
    [['--older-than', 'soon'], TODAY, /--older-than 'soon' must be a whole number of days/],
    [['--older-than', '-1'], TODAY, /--older-than needs a value/],
    [[], { COMPAT_TODAY: '2026-02-30' }, /COMPAT_TODAY '2026-02-30' is not a date/],
    [[], { COMPAT_TODAY: 'yesterday' }, /COMPAT_TODAY 'yesterday' is not a date/],
    [['--since', '1'], TODAY, /unknown option '--since'/],
  ]
  for (const [args, env, message] of errors) {
    test(`${message.source}: exit 3`, async () => {
      const run = await runCompatInProcess(['stale', '--data', demo.dir, ...args], { env })
      assert.equal(run.code, 3)
      assert.equal(run.stdout, '')
      assert.match(run.stderr, /^compat stale: [^\n]+\n$/)
      assert.match(run.stderr, message)
    })
  }
})
