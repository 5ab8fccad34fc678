import assert from 'node:assert/strict'
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { after, afterEach, before, beforeEach, describe, test } from 'node:test'
import { fileURLToPath } from 'node:url'
import { parse } from 'yaml'
import { type RecordedUpstream, recordedUpstream } from '../../test/support/recorded-upstream.ts'
import { runCompatInProcess } from '../../test/support/run-compat.ts'
import { loadDataset } from '../data/load-dataset.ts'

const FIXTURES = fileURLToPath(new URL('../../test/fixtures/upstream/', import.meta.url))

let upstream: RecordedUpstream
let out: string
let env: Record<string, string>

before(async () => {
  upstream = await recordedUpstream({
    '/charts/index.yaml': { file: 'helm-index.yaml' },
    '/broken/index.yaml': { body: 'entries: [unclosed' },
    '/npm/demo-web': { file: 'npm-demo-web.json' },
    '/pypi/demo-py/json': { file: 'pypi-demo-py.json' },
  })
  env = {
    npm_config_registry: `${upstream.url}/npm`,
    COMPAT_PYPI_URL: `${upstream.url}/pypi`,
    COMPAT_TODAY: '2026-11-26',
  }
})
after(() => upstream.close())
beforeEach(async () => {
  out = await mkdtemp(join(tmpdir(), 'compat-import-packaging-'))
})
afterEach(() => rm(out, { recursive: true, force: true }))

const importing = (args: readonly string[], extraEnv: Record<string, string> = {}) =>
  runCompatInProcess(['import', ...args, '--out', out], { env: { ...env, ...extraEnv } })

/** The written document's keys, each with `since` marked and the ranges of `dependency`. */
async function keysOf(id: string, dependency: string): Promise<string[]> {
  const document = parse(await readFile(join(out, `${id}.yaml`), 'utf8'))
  return Object.entries(
    document.versions as Record<
      string,
      { since?: boolean; dependencies: Record<string, { ranges: string[] }> }
    >,
  )
    .filter(([, version]) => version.dependencies[dependency] !== undefined)
    .map(([key, version]) => {
      const ranges = version.dependencies[dependency]?.ranges ?? []
      return `${key}${version.since ? ' since' : ''}: ${ranges.length === 0 ? '?' : ranges.join(' | ')}`
    })
}

async function assertValid(): Promise<void> {
  const loaded = await loadDataset(out)
  assert.ok(loaded.ok, JSON.stringify(!loaded.ok && loaded.faults))
}

describe('compat import helm-index', () => {
  test('a chart repository: kubeVersion per chart line, since keys, what cannot be converted reported, exit 1', async () => {
    const run = await importing(['helm-index', `${upstream.url}/charts/`, '--chart', 'demo-chart'])
    assert.equal(run.stderr, '')
    assert.equal(run.code, 1)
    assert.deepEqual(await keysOf('demo-chart', 'kubernetes'), [
      '2.1.1 since: >=1.28.0 <1.35.0',
      '2.1: >=1.28.0',
      '2.0.1 since: >=1.27.0',
    ])
    assert.match(
      run.stdout,
      /^left out Chart demo-chart 2\.0\.0: kubeVersion '> 1\.26 and < 1\.30' cannot be converted exactly \('and' is a label, not a version\); no kubernetes entry for it$/m,
    )
    assert.match(
      run.stdout,
      /wrote .*demo-chart\.yaml: 5 releases read; new project, 3 entries added; 1 item left out$/m,
    )
    const document = parse(await readFile(join(out, 'demo-chart.yaml'), 'utf8'))
    assert.deepEqual(document.upstream, {
      helm: { repository: `${upstream.url}/charts`, chart: 'demo-chart' },
    })
    assert.equal(document.website, 'https://demo-chart.example.org/')
    assert.deepEqual(document.categories, ['demo', 'operator'])
    const newest = document.versions['2.1.1'].dependencies.kubernetes
    assert.deepEqual(newest.sources, [
      {
        title: `demo-chart 2.1.1 chart archive (sha256 ${'c'.repeat(64)})`,
        url: `${upstream.url}/charts/charts/demo-chart-2.1.1.tgz`,
        accessedAt: '2026-11-26',
      },
    ])
    assert.equal(newest.importedFrom, 'helm-index')
    assert.match(newest.notes[0], /-0 suffix only admits pre-releases/)
    await assertValid()
  })

  test('an index read from a file cannot resolve relative archive addresses: reported, or cited by --source-url', async () => {
    const index = join(FIXTURES, 'helm-index.yaml')
    const run = await importing(['helm-index', index, '--chart', 'demo-chart'])
    assert.equal(run.code, 1)
    assert.match(
      run.stdout,
      /left out Chart demo-chart 2\.1\.1: its archive address 'charts\/demo-chart-2\.1\.1\.tgz' is relative/,
    )
    assert.equal(parse(await readFile(join(out, 'demo-chart.yaml'), 'utf8')).upstream, undefined)
    const pinned = await importing([
      'helm-index',
      index,
      '--chart',
      'demo-chart',
      '--source-url',
      'https://github.com/demo/chart/blob/demo-chart-{version}/Chart.yaml',
    ])
    assert.match(pinned.stdout, /changed 2\.1 kubernetes >=1\.28\.0/)
    const document = parse(await readFile(join(out, 'demo-chart.yaml'), 'utf8'))
    assert.equal(
      document.versions['2.1.1'].dependencies.kubernetes.sources[0].url,
      'https://github.com/demo/chart/blob/demo-chart-2.1.1/Chart.yaml',
    )
  })

  // Columns: arguments after `import`, the one line expected on stderr.
  const errors: [string[], RegExp][] = [
    [['helm-index', 'https://x.example/'], /--chart NAME is required/],
    [
      ['helm-index', '{url}/charts/', '--chart', 'nothing'],
      /lists no chart 'nothing'; it lists demo-chart, other-chart; nothing written$/,
    ],
    [
      ['helm-index', '{url}/broken/', '--chart', 'demo-chart'],
      /broken\/index\.yaml is not YAML .*; nothing written$/,
    ],
    [
      ['helm-index', '{url}/missing/', '--chart', 'demo-chart'],
      /missing\/index\.yaml answered 404: no such package, chart or repository; nothing written$/,
    ],
    [
      ['helm-index', 'no-such-index.yaml', '--chart', 'x'],
      /no-such-index\.yaml: cannot read it \(ENOENT\); nothing written$/,
    ],
    [
      [
        'helm-index',
        '{url}/charts/',
        '--chart',
        'demo-chart',
        '--source-url',
        'https://x.example/chart',
      ],
      /--source-url .* must contain \{version\}/,
    ],
    [
      ['npm', 'no-such-package'],
      /npm\/no-such-package answered 404: no such package, chart or repository; nothing written$/,
    ],
    [['npm', 'demo-web', '--tag', 'release'], /--tag 'release' must contain \{version\}/],
    [
      ['npm', 'demo-web', '--tag', 'v{version} if 5.x.y'],
      /--tag 'v\{version\} if 5\.x\.y': '5\.x\.y' is not a range/,
    ],
    [
      ['npm', 'demo-web', '--tags-from', 'no-tags.txt'],
      /--tags-from no-tags\.txt: cannot read it \(ENOENT\)/,
    ],
    [['npm', 'demo-web', 'other'], /reads one package at a time/],
    [['npm', '@demo/web'], /no such package|cannot be a project id/],
    [['pypi', 'saved.json'], /saved\.json: no such file; nothing written$/],
    [['pypi', 'demo-py', '--project', 'Demo Py'], /--project 'Demo Py' is not a lowercase slug/],
  ]
  for (const [args, message] of errors) {
    test(`import ${args.join(' ')} → exit 3, nothing written`, async () => {
      const run = await importing(args.map((arg) => arg.replace('{url}', upstream.url)))
      assert.equal(run.code, 3)
      assert.equal(run.stdout, '')
      assert.match(run.stderr.trimEnd(), message)
      assert.equal(run.stderr.trimEnd().split('\n').length, 1)
      assert.deepEqual(await readdir(out), [])
    })
  }
})

describe('compat import npm', () => {
  test('engines.node and peerDependencies per line, cited at the commit or the tag; workspace ranges reported', async () => {
    const run = await importing(['npm', 'demo-web'])
    assert.equal(run.code, 1)
    assert.deepEqual(await keysOf('demo-web', 'nodejs'), [
      '5.1.1 since: >=18.18.0 <19 | >=20',
      '5.1: >=18',
      '5.0: >=18',
      '4.21: >=0.10.0',
    ])
    assert.deepEqual(await keysOf('demo-web', 'demo-types'), ['5.1: >=5.0.0 <6', '5.0: >=5.0.0 <6'])
    assert.deepEqual(await keysOf('demo-web', 'demo-view'), [
      '5.1.1 since: ?',
      '5.1: >=2.0.0 <3 | >=3.0.0 <4',
    ])
    assert.match(
      run.stdout,
      /left out demo-web 5\.1\.1: peerDependencies\['demo-view'\] 'workspace:\^' cannot be converted exactly/,
    )
    assert.match(
      run.stdout,
      /4 releases read; 1 pre-release skipped; new project, 8 entries added; 1 item left out$/m,
    )
    const document = parse(await readFile(join(out, 'demo-web.yaml'), 'utf8'))
    assert.equal(
      document.versions['4.21'].dependencies.nodejs.sources[0].url,
      'https://github.com/demo/demo-web/tree/0123456789abcdef0123456789abcdef01234567',
    )
    assert.equal(
      document.versions['5.0'].dependencies.nodejs.sources[0].url,
      'https://github.com/demo/demo-web/tree/v5.0.0',
    )
    assert.equal(document.versions['5.1'].dependencies['demo-view'].relationship, 'optional peer')
    // npm's -0 suffix, like Helm's, only admits pre-releases: dropped, and said so.
    assert.match(
      document.versions['5.0'].dependencies['demo-types'].notes[0],
      /'\^5\.0\.0-0'\. The -0 suffix only admits pre-releases/,
    )
    assert.deepEqual(document.upstream, { npm: 'demo-web' })
    assert.equal(document.description, 'A demo web framework.')
    assert.deepEqual(document.categories, ['web', 'framework'])
    await assertValid()
  })

  test('flags before the format: the package is read from the registry, not as a file', async () => {
    const run = await runCompatInProcess(['import', '--out', out, 'npm', 'demo-web'], { env })
    assert.equal(run.code, 1, run.stderr)
    assert.ok(upstream.asked.includes('/npm/demo-web'))
    assert.deepEqual(await keysOf('demo-web', 'nodejs'), [
      '5.1.1 since: >=18.18.0 <19 | >=20',
      '5.1: >=18',
      '5.0: >=18',
      '4.21: >=0.10.0',
    ])
    await assertValid()
  })

  test('a saved package document, and --tag naming how the project tags releases', async () => {
    const run = await importing([
      'npm',
      join(FIXTURES, 'npm-demo-web.json'),
      '--tag',
      'demo-web@{version}',
      '--category',
      'web',
    ])
    assert.equal(run.code, 1)
    const document = parse(await readFile(join(out, 'demo-web.yaml'), 'utf8'))
    assert.equal(
      document.versions['5.0'].dependencies.nodejs.sources[0].url,
      'https://github.com/demo/demo-web/tree/demo-web@5.0.0',
    )
    assert.deepEqual(document.categories, ['web'])
  })

  test('--tag rules by range, and --tags-from: a release whose tag is not listed is left out', async () => {
    const tags = join(out, 'tags.txt')
    // A tag of another package in the repository does not count as newer.
    await writeFile(tags, 'v5.0.0\nv5.1.1\nother-package@9.0.0\n')
    const run = await importing([
      'npm',
      'demo-web',
      '--tag',
      '{version} if <5.1',
      '--tag',
      'v{version}',
      '--tags-from',
      tags,
    ])
    assert.equal(run.code, 1)
    assert.match(
      run.stdout,
      /^left out demo-web 5\.0\.0: no tag '5\.0\.0' among the repository's tags \(--tags-from\); left out$/m,
    )
    assert.match(run.stdout, /^left out demo-web 5\.1\.0: no tag 'v5\.1\.0' among/m)
    const document = parse(await readFile(join(out, 'demo-web.yaml'), 'utf8'))
    assert.equal(
      document.versions['5.1'].dependencies.nodejs.sources[0].url,
      'https://github.com/demo/demo-web/tree/v5.1.1',
    )
  })

  test('updates only its own entries: hand-written ones are left alone, re-imports change nothing, dropped declarations are removed', async () => {
    await importing(['npm', 'demo-web'])
    const file = join(out, 'demo-web.yaml')
    const handWritten = `  "5.0":
    dependencies:
      nodejs:
        ranges: ["18", "20"]
        relationship: runtime
        confidence: high
        lastVerified: "2026-11-20"
        notes: ["Written by hand."]
        sources: [{ title: Demo docs, url: "https://demo-web.example.org/5.0/", accessedAt: "2026-11-20" }]
`
    let text = await readFile(file, 'utf8')
    // Replace the imported 5.0 key with a hand-written one, and add an owned entry no release declares.
    text = text.replace(/ {2}"5\.0":\n(?: {4}.*\n)+/, handWritten)
    text = text.replace(
      '  "4.21":\n    dependencies:\n',
      `  "4.21":\n    dependencies:\n      old-peer:\n        ranges: ["1"]\n        relationship: peer\n        confidence: high\n        lastVerified: "2026-01-01"\n        notes: []\n        sources: [{ title: t, url: "https://x.example/", accessedAt: "2026-01-01" }]\n        importedFrom: npm\n`,
    )
    await writeFile(file, `# Kept: a comment a maintainer wrote.\n${text}`)
    const run = await importing(['npm', 'demo-web'])
    assert.equal(run.code, 1)
    assert.match(run.stdout, /^left alone 5\.0 nodejs >=18: 5\.0 nodejs is written by hand$/m)
    assert.match(run.stdout, /^added 5\.0 demo-types >=5\.0\.0 <6$/m)
    assert.match(run.stdout, /^removed 4\.21 old-peer 1 \(no longer declared\)$/m)
    assert.match(
      run.stdout,
      /1 added, 0 changed, 1 removed, 6 unchanged, 1 left alone for hand-written entries/,
    )
    const after = await readFile(file, 'utf8')
    assert.match(after, /^# Kept: a comment a maintainer wrote\.$/m)
    assert.match(after, /notes: \["Written by hand\."\]/)
    assert.doesNotMatch(after, /old-peer/)
    await assertValid()
  })
})

describe('compat import pypi', () => {
  test('requires_python per line; yanked releases skipped; exclusions as alternatives; === reported', async () => {
    const run = await importing(['pypi', 'demo-py'])
    assert.equal(run.code, 1)
    assert.deepEqual(await keysOf('demo-py', 'python'), [
      '2.1.2 since: ?',
      '2.1.1 since: >=3.10 <3.11 | >=3.12',
      '2.1: >=3.10',
      '2.0: >=3.9',
      '1.9: >=3.8',
    ])
    assert.match(
      run.stdout,
      /left out demo-py 2\.1\.2: requires_python '===3\.12' cannot be converted exactly \('===3\.12' compares text, not versions\)/,
    )
    const document = parse(await readFile(join(out, 'demo-py.yaml'), 'utf8'))
    assert.equal(
      document.versions['2.0'].dependencies.python.sources[0].url,
      'https://github.com/demo/demo-py/tree/v2.0.0',
    )
    assert.deepEqual(document.upstream, { pypi: 'demo-py' })
    assert.equal(document.website, 'https://demo-py.example.org/')
    await assertValid()
  })

  test('without COMPAT_PYPI_URL or pip, says how to name the index', async () => {
    const run = await importing(['pypi', 'demo-py'], {
      COMPAT_PYPI_URL: '',
      PIP_INDEX_URL: `${upstream.url}/simple`,
    })
    // PIP_INDEX_URL's simple index has its JSON API beside it, at /pypi.
    assert.equal(run.code, 1)
    assert.match(run.stdout, /wrote .*demo-py\.yaml/)
  })
})
