import assert from 'node:assert/strict'
import { mkdtemp, readdir, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { after, before, describe, test } from 'node:test'
import { fileURLToPath } from 'node:url'
import { runCompat, runCompatInProcess } from '../../../test/support/run-compat.ts'
import { evaluateCheck } from '../../core/check/evaluate-check.ts'
import { loadDataset } from '../../data/load-dataset.ts'

const FIXTURES = fileURLToPath(
  new URL('../../../test/fixtures/compatibility-fyi/', import.meta.url),
)
const PLATFORM = join(FIXTURES, 'platform.yaml')
const SHOWN = 'test/fixtures/compatibility-fyi/platform.yaml'

let out: string
before(async () => {
  out = await mkdtemp(join(tmpdir(), 'compat-import-'))
})
after(() => rm(out, { recursive: true, force: true }))

describe('compat import compatibility-fyi', () => {
  test('what cannot be said is left out, one FILE:LINE each; exit 1 for a partial import', async () => {
    const run = await runCompatInProcess(['import', 'compatibility-fyi', PLATFORM, '--out', out])
    assert.equal(run.stderr, '')
    assert.equal(run.code, 1)
    assert.deepEqual(run.stdout.trimEnd().split('\n'), [
      `${SHOWN}:21: left out field 'logo' of project 'platform': compat documents have no such field`,
      `${SHOWN}:42: left out platform 2.1 oracle: range '19c': '19c' is a label, not a version`,
      `${SHOWN}:49: left out platform 2.1 redis: basis 'recommended' cannot be said: compat's basis is supported or tested`,
      `${SHOWN}:57: left out platform 2.1 mysql: status 'incompatible' cannot be said: compat answers incompatible only when a version misses documented ranges`,
      `${SHOWN}:81: left out platform version '>=1.9.3 <1.10': a range of releases as a version key cannot be said by compat, whose keys are versions or lines`,
      `wrote 1 project (7 entries) to ${out}; 5 items left out`,
    ])
    assert.deepEqual(await readdir(out), ['platform.yaml'])
  })

  test('the written file validates and answers as the source meant', async () => {
    const loaded = await loadDataset(out)
    assert.ok(loaded.ok, JSON.stringify(loaded.ok ? '' : loaded.faults))
    const { dataset } = loaded.loaded
    // [version, dependency, dependency version, verdict, matched range]
    const cases: ReadonlyArray<[string, string, string, string, string | null]> = [
      ['2.1', 'kubernetes', '1.32.4', 'compatible', '>=1.30.0 <1.33.0'],
      ['2.1', 'kubernetes', '1.33.0', 'incompatible', null],
      ['2.1', 'postgresql', '16.3', 'compatible', '>=16.2 <17'],
      ['2.1', 'postgresql', '16.1', 'incompatible', null],
      ['2.1', 'postgresql', '17.2', 'compatible', '17'],
      ['2.1', 'mariadb', '10.11.9', 'compatible', '>=10.6 <10.12'],
      ['2.1', 'mariadb', '11.6', 'unknown', null],
      ['2.1', 'console', '2.1', 'compatible', null],
      ['2.1', 'oracle', '19', 'unknown', null],
      ['1.10', 'kubernetes', '1.28.4', 'compatible', '>=1.28.0 <1.29'],
      ['33', 'kubernetes', '1.31', 'compatible', '>=1.30.0 <1.33.0'],
      ['34', 'kubernetes', '1.31', 'compatible', '>=1.30.0 <1.33.0'],
    ]
    for (const [version, dependency, dependencyVersion, verdict, matchedRange] of cases) {
      const result = evaluateCheck(dataset, {
        project: 'platform',
        version,
        dependency,
        dependencyVersion,
      })
      const label = `${version} ${dependency}=${dependencyVersion}`
      assert.equal(result.compatible, verdict, `${label}: ${result.reason}`)
      assert.equal(result.matchedRange, matchedRange, label)
    }
  })

  test('bad files are one line each on stderr and exit 3; the good file is still converted', async () => {
    const mixed = await mkdtemp(join(tmpdir(), 'compat-import-'))
    try {
      const run = await runCompat(['import', 'compatibility-fyi', FIXTURES, '--out', mixed])
      assert.equal(run.code, 3)
      const errors = run.stderr.trimEnd().split('\n')
      assert.equal(errors.length, 3)
      assert.match(errors[0] as string, /alias-bomb\.yaml: refused: .*alias.*; nothing written/)
      assert.match(errors[1] as string, /broken\.yaml: invalid YAML at line 4, column 1: /)
      assert.match(
        errors[2] as string,
        /other-format\.yaml: not a compatibility\.fyi data file: it has no top-level 'projects' map/,
      )
      assert.match(run.stdout, /wrote 1 project \(7 entries\) .*; 3 files could not be imported\n$/)
      assert.deepEqual(await readdir(mixed), ['platform.yaml'])
    } finally {
      await rm(mixed, { recursive: true, force: true })
    }
  })

  // [arguments, the one line on stderr]
  const usage: ReadonlyArray<[string[], RegExp]> = [
    [['import'], /name the format: compatibility-fyi/],
    [['import', 'fyi', PLATFORM, '--out', '/tmp/x'], /unknown format 'fyi'/],
    [['import', 'compatibility-fyi', '--out', '/tmp/x'], /give at least one file or directory/],
    [['import', 'compatibility-fyi', PLATFORM], /--out DIR is required/],
  ]
  for (const [args, message] of usage) {
    test(`usage: ${message.source}`, async () => {
      const run = await runCompatInProcess(args)
      assert.equal(run.code, 3)
      assert.match(run.stderr, message)
    })
  }

  test('a missing input is named, and the rest still converts', async () => {
    const run = await runCompatInProcess([
      'import',
      'compatibility-fyi',
      'no-such-file.yaml',
      PLATFORM,
      '--out',
      out,
    ])
    assert.equal(run.code, 3)
    assert.match(run.stderr, /no-such-file\.yaml: no such file or directory/)
    assert.match(run.stdout, /wrote 1 project/)
  })
})
