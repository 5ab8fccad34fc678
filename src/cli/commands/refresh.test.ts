import assert from 'node:assert/strict'
import { readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { after, afterEach, before, beforeEach, describe, test } from 'node:test'
import { parse } from 'yaml'
import { type FixtureDir, writeDataDir } from '../../../test/support/fixture-data.ts'
import { type RecordedUpstream, recordedUpstream } from '../../../test/support/recorded-upstream.ts'
import { runCompatInProcess } from '../../../test/support/run-compat.ts'
import { loadDataset } from '../../data/load-dataset.ts'

// Two states of one registry: /before answers as when the projects were imported, /after
// with the releases published since (demo-web 5.1.2 and 5.2.0; demo-quiet's 2.x lines, which
// declare nothing, are in both).
let upstream: RecordedUpstream
let data: FixtureDir
const TODAY = '2026-12-07'

const registry = (state: 'before' | 'after') => ({
  npm_config_registry: `${upstream.url}/${state}`,
  COMPAT_TODAY: TODAY,
})

/** A project of PyPI whose entries were written by hand: refresh has no citation form to follow. */
const HAND_WRITTEN = `id: demo-py
name: demo-py
categories: [test]
website: https://demo-py.example.org/
upstream:
  pypi: demo-py
versions:
  "2.1":
    dependencies:
      python:
        ranges: ["3.12"]
        relationship: runtime
        confidence: low
        lastVerified: null
        notes: []
        sources: []
`

before(async () => {
  upstream = await recordedUpstream({
    '/before/demo-web': { file: 'npm-demo-web.json' },
    '/after/demo-web': { file: 'npm-demo-web-later.json' },
    '/before/demo-quiet': { file: 'npm-demo-quiet.json' },
    '/after/demo-quiet': { file: 'npm-demo-quiet.json' },
  })
})
after(() => upstream.close())
beforeEach(async () => {
  data = await writeDataDir({ 'demo-py.yaml': HAND_WRITTEN })
})
afterEach(() => data.remove())

/** `compat import npm PACKAGE` into the fixture directory, from the registry as it was. */
async function imported(name: string, ...flags: string[]): Promise<void> {
  const run = await runCompatInProcess(['import', 'npm', name, '--out', data.dir, ...flags], {
    env: registry('before'),
  })
  assert.ok(run.code <= 1, run.stderr)
}

function refresh(...args: string[]) {
  return runCompatInProcess(['refresh', '--data', data.dir, ...args], { env: registry('after') })
}

const fileOf = (id: string) => join(data.dir, `${id}.yaml`)

describe('compat refresh', () => {
  test('new releases become keys cited like their neighbours; only the changed file is written', async () => {
    await imported('demo-web')
    await imported(
      'demo-quiet',
      '--category',
      'test',
      '--website',
      'https://demo-quiet.example.org/',
    )
    const webBefore = await readFile(fileOf('demo-web'), 'utf8')
    const quietBefore = await readFile(fileOf('demo-quiet'), 'utf8')
    const run = await refresh('demo-web', 'demo-quiet')
    assert.equal(run.stderr, '')
    const lines = run.stdout.replaceAll(data.dir, 'DIR').trimEnd().split('\n')
    assert.deepEqual(
      lines.filter((line) => line.startsWith('demo-web: ')),
      [
        'demo-web: added 5.2 nodejs >=20',
        'demo-web: added 5.2 demo-types >=5.2.0 <6',
        'demo-web: changed 5.1.1 nodejs >=18.18.0 <19 || >=20 (same ranges; its notes or sources changed)',
        'demo-web: changed 5.1 demo-types >=5.0.0 <6 (same ranges; its notes or sources changed)',
        "demo-web: left out demo-web 5.1.2: peerDependencies['demo-view'] 'workspace:^' cannot be converted exactly ('workspace:^' is a label, not a version); no demo-view entry for it",
        'demo-web: wrote DIR/demo-web.yaml (2 added, 2 changed, 0 removed)',
      ],
    )
    const document = parse(await readFile(fileOf('demo-web'), 'utf8'))
    const nodejs = document.versions['5.2'].dependencies.nodejs
    assert.deepEqual(nodejs.sources, [
      {
        title: 'demo-web 5.2.0 package.json (engines, peerDependencies), repository at tag v5.2.0',
        url: 'https://github.com/demo/demo-web/tree/v5.2.0',
        accessedAt: TODAY,
      },
    ])
    assert.equal(nodejs.importedFrom, 'npm')
    // Entries whose facts did not change keep their text, citation and read date.
    const unchanged = (text: string) => text.slice(text.indexOf('  "5.0":'))
    assert.equal(unchanged(await readFile(fileOf('demo-web'), 'utf8')), unchanged(webBefore))
    assert.equal(await readFile(fileOf('demo-quiet'), 'utf8'), quietBefore)
    assert.ok((await loadDataset(data.dir)).ok)
    // demo-quiet's 2.x lines declare nothing: said, and 2.0 is older than 21 days.
    assert.match(
      run.stdout,
      /^demo-quiet: no key for 2\.1 \(2\.1\.0, first released 2026-11-25 \(12 days\)\), 2\.0 \(2\.0\.0, first released 2026-09-01 \(97 days\)\): their releases declare nothing the npm importer reads$/m,
    )
    assert.match(
      lines.at(-1) ?? '',
      /^refresh: 2 projects read; 1 file written \(2 entries added, 2 changed, 0 removed\); 1 project with a release line older than 21 days and no key \(demo-quiet\)$/,
    )
    assert.equal(run.code, 1)
  })

  test('a second refresh finds nothing to write: exit 0, no file touched', async () => {
    await imported('demo-web')
    assert.equal((await refresh('demo-web')).code, 0)
    const text = await readFile(fileOf('demo-web'), 'utf8')
    const again = await refresh('demo-web')
    assert.equal(again.code, 0, again.stderr)
    assert.equal(
      again.stdout.trimEnd(),
      'refresh: 1 project read; 0 files written (0 entries added, 0 changed, 0 removed); no release line older than 21 days without a key',
    )
    assert.equal(await readFile(fileOf('demo-web'), 'utf8'), text)
  })

  test('a tag form given at the first import is followed', async () => {
    await imported('demo-web', '--tag', 'demo-web@{version}')
    await refresh('demo-web')
    const document = parse(await readFile(fileOf('demo-web'), 'utf8'))
    assert.equal(
      document.versions['5.2'].dependencies.nodejs.sources[0].url,
      'https://github.com/demo/demo-web/tree/demo-web@5.2.0',
    )
  })

  test('--dry-run reports what it would write and writes nothing', async () => {
    await imported('demo-web')
    const text = await readFile(fileOf('demo-web'), 'utf8')
    const run = await refresh('--dry-run')
    assert.match(
      run.stdout,
      /^demo-web: would write .*demo-web\.yaml \(2 added, 2 changed, 0 removed\)$/m,
    )
    assert.match(run.stdout, /; 1 file to write \(2 entries added/)
    assert.equal(await readFile(fileOf('demo-web'), 'utf8'), text)
  })

  test('without PROJECT: every registry project; one never imported is listed, not guessed at', async () => {
    await imported('demo-web')
    const run = await refresh()
    assert.equal(run.code, 0, run.stderr)
    assert.match(
      run.stdout,
      /^not refreshed: demo-py: no entry was imported from pypi yet: import it once with compat import pypi/m,
    )
    assert.equal(await readFile(fileOf('demo-py'), 'utf8'), HAND_WRITTEN)
  })

  test('a registry that cannot be read: reported on stderr, exit 3; the other projects still refresh', async () => {
    await imported('demo-web')
    await imported(
      'demo-quiet',
      '--category',
      'test',
      '--website',
      'https://demo-quiet.example.org/',
    )
    const file = fileOf('demo-quiet')
    await writeFile(
      file,
      (await readFile(file, 'utf8')).replace('npm: demo-quiet', 'npm: demo-gone'),
    )
    const run = await refresh('demo-web', 'demo-quiet')
    assert.equal(run.code, 3)
    assert.match(
      run.stderr,
      /^compat refresh: demo-quiet: .*\/after\/demo-gone answered 404: no such package, chart or repository; nothing written$/m,
    )
    assert.match(run.stdout, /^demo-web: wrote /m)
    assert.match(run.stdout, /; 1 could not be refreshed \(demo-quiet\)$/m)
  })

  // Columns: arguments after `refresh`, the usage error.
  const usage: readonly (readonly [string[], RegExp])[] = [
    [['no-such-project'], /no project 'no-such-project' in the data/],
    [['--timeout', '0'], /--timeout/],
    [['--dry'], /unknown option '--dry'/],
  ]
  for (const [args, message] of usage) {
    test(`usage: refresh ${args.join(' ')}`, async () => {
      const run = await refresh(...args)
      assert.equal(run.code, 3)
      assert.match(run.stderr, message)
    })
  }
})
