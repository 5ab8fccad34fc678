import assert from 'node:assert/strict'
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { after, before, describe, test } from 'node:test'
import { fileURLToPath } from 'node:url'
import { parse as parseYaml } from 'yaml'
import { runCompat, runCompatInProcess } from '../../../test/support/run-compat.ts'
import { evaluateCheck } from '../../core/check/evaluate-check.ts'
import { loadDataset } from '../../data/load-dataset.ts'
import { parseDataFile } from '../../data/parse-data-file.ts'

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

const ENDOFLIFE = fileURLToPath(new URL('../../../test/fixtures/endoflife/', import.meta.url))
const EOL_PRODUCTS = join(ENDOFLIFE, 'products')
const EOL_SHOWN = 'test/fixtures/endoflife/products'
/** The commit of endoflife.date's repository the fixtures were copied from. */
const SNAPSHOT = 'a70eca337600e7d721dc48112c271f98661d208b'
const TODAY = '2026-11-28'

/** A small valid project file: its lists not indented under their keys, as many bundled files. */
function projectFile(id: string, more = ''): string {
  return `# yaml-language-server: $schema=../schema/project.schema.json
id: ${id}
name: ${id}
${more}categories:
- test
website: https://example.org/${id}
versions:
  "1.0":
    dependencies:
      python:
        ranges: [">=3.10"]
        relationship: runtime
        confidence: low
        lastVerified: null
        notes: []
        sources: []
`
}

/** The catalogue the fixtures are imported into: each project reached by another of its names. */
const CATALOGUE: Readonly<Record<string, string>> = {
  'kubernetes.yaml': projectFile('kubernetes', 'aliases: [k8s]\n'),
  'python-django.yaml': projectFile('python-django', 'aliases: [django]\n'),
  'node.yaml': projectFile('node'),
  'kafka.yaml': projectFile('kafka', 'aliases: [apache-kafka]\n'),
  'traefik-proxy.yaml': projectFile('traefik-proxy', 'upstream:\n  github: traefik/traefik\n'),
}

async function catalogue(files: Readonly<Record<string, string>> = CATALOGUE): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'compat-eol-'))
  for (const [name, text] of Object.entries(files)) await writeFile(join(dir, name), text)
  return dir
}

/** Every file of a directory and its text. */
async function contents(dir: string): Promise<Record<string, string>> {
  const names = (await readdir(dir)).sort()
  return Object.fromEntries(
    await Promise.all(names.map(async (name) => [name, await readFile(join(dir, name), 'utf8')])),
  )
}

function importEndoflife(args: readonly string[]) {
  return runCompatInProcess([
    'import',
    'endoflife',
    ...args,
    '--commit',
    SNAPSHOT,
    '--today',
    TODAY,
  ])
}

/** A product file's releases, read here on their own, apart from the importer's reader. */
async function productReleases(file: string): Promise<Record<string, unknown>[]> {
  const frontMatter = (await readFile(file, 'utf8')).split(/^---$/m)[1] ?? ''
  return (parseYaml(frontMatter) as { releases: Record<string, unknown>[] }).releases
}

/** endoflife.date's end as a compat end: a date stays, false is null (ongoing), true stays. */
function asEnd(value: unknown): unknown {
  return value === false ? null : value
}

/** The project document a written file holds, as the data loader reads it. */
async function writtenDocument(file: string): Promise<Record<string, unknown>> {
  const parsed = parseDataFile(file, await readFile(file, 'utf8'))
  assert.equal(parsed.faults, undefined, `${file} parses`)
  return parsed.document as Record<string, unknown>
}

describe('compat import endoflife', () => {
  let dir: string
  let run: { code: number; stdout: string; stderr: string }
  before(async () => {
    dir = await catalogue()
    run = await importEndoflife([EOL_PRODUCTS, '--out', dir, '--map', 'traefik=traefik-proxy'])
  })
  after(() => rm(dir, { recursive: true, force: true }))

  test('products match by id, alias, permalink, alternate_urls or --map; the others are listed', () => {
    assert.equal(run.stderr, '')
    assert.deepEqual(run.stdout.replaceAll(dir, 'DIR').trimEnd().split('\n'), [
      `${EOL_SHOWN}/apache-kafka.md -> DIR/kafka.yaml: imported (permalink /apache-kafka is an alias of kafka); lifecycle block added with 30 lines; 3 identifiers added`,
      `${EOL_SHOWN}/apache-kafka.md:18:5: left out identifier cpe: cpe:/a:apache:kafka: not a CPE 2.3 name (cpe:2.3:…); the CPE 2.2 form cpe:/… is not rewritten`,
      `${EOL_SHOWN}/django.md -> DIR/python-django.yaml: imported (permalink /django is an alias of python-django); lifecycle block added with 23 lines; 4 identifiers added`,
      `${EOL_SHOWN}/django.md:25:5: left out identifier cpe: cpe:/a:djangoproject:django: not a CPE 2.3 name (cpe:2.3:…); the CPE 2.2 form cpe:/… is not rewritten`,
      `${EOL_SHOWN}/kubernetes.md -> DIR/kubernetes.yaml: imported (permalink /kubernetes is its id); lifecycle block added with 21 lines; 3 identifiers added`,
      `${EOL_SHOWN}/nodejs.md -> DIR/node.yaml: imported (alternate_urls /node is its id); lifecycle block added with 26 lines; 9 identifiers added`,
      `${EOL_SHOWN}/traefik.md -> DIR/traefik-proxy.yaml: imported (--map traefik=traefik-proxy); lifecycle block added with 21 lines; 6 identifiers added`,
      'matched no project (1): express',
      '6 products read: 5 imported into DIR (5 files written), 0 left alone, 0 not imported, 1 matched no project; 2 items left out',
    ])
    // Identifiers compat cannot hold were left out: a partial import.
    assert.equal(run.code, 1)
  })

  test("the importer reproduces endoflife.date's dates exactly on its own product files", async () => {
    // [product file, project file]
    const pairs: readonly [string, string][] = [
      ['apache-kafka.md', 'kafka.yaml'],
      ['django.md', 'python-django.yaml'],
      ['kubernetes.md', 'kubernetes.yaml'],
      ['nodejs.md', 'node.yaml'],
      ['traefik.md', 'traefik-proxy.yaml'],
    ]
    for (const [productFile, projectFile] of pairs) {
      const releases = await productReleases(join(EOL_PRODUCTS, productFile))
      const document = await writtenDocument(join(dir, projectFile))
      const lines = (document.lifecycle as { lines: Record<string, Record<string, unknown>> }).lines
      assert.deepEqual(
        Object.keys(lines).sort(),
        releases.map((release) => release.releaseCycle).sort(),
        `${productFile}: a line for every release cycle`,
      )
      for (const release of releases) {
        const line = lines[release.releaseCycle as string] as Record<string, unknown>
        const label = `${productFile} ${release.releaseCycle}`
        assert.equal(line.released, release.releaseDate, `${label} releaseDate`)
        assert.equal(
          line.supportUntil,
          release.eol === undefined ? null : asEnd(release.eol),
          `${label} eol`,
        )
        assert.equal(line.activeSupportUntil, asEnd(release.eoas), `${label} eoas`)
        assert.equal('activeSupportUntil' in line, 'eoas' in release, `${label} eoas given`)
        assert.equal(line.extendedSupportUntil, asEnd(release.eoes), `${label} eoes`)
        assert.equal('extendedSupportUntil' in line, 'eoes' in release, `${label} eoes given`)
        assert.equal(
          line.lts,
          release.lts === undefined || release.lts === false ? undefined : true,
          `${label} lts`,
        )
        assert.equal(
          line.latest,
          release.latest === '' ? undefined : release.latest,
          `${label} latest`,
        )
      }
    }
  })

  test('lines are listed newest first, as versions are', async () => {
    const text = await readFile(join(dir, 'node.yaml'), 'utf8')
    const block = text.slice(text.indexOf('  lines:\n'), text.indexOf('\nversions:'))
    const keys = [...block.matchAll(/^ {4}"([^"]+)":$/gm)].map((match) => match[1])
    assert.deepEqual(keys.slice(0, 3), ['26', '25', '24'])
    assert.deepEqual(keys.slice(-3), ['3', '2', '1'])
  })

  test('each line and the block cite the product file at the commit', async () => {
    const document = await writtenDocument(join(dir, 'kubernetes.yaml'))
    const lifecycle = document.lifecycle as Record<string, unknown> & {
      lines: Record<string, { sources: unknown }>
    }
    const source = {
      title: 'endoflife.date product file products/kubernetes.md at a70eca3',
      url: `https://github.com/endoflife-date/endoflife.date/blob/${SNAPSHOT}/products/kubernetes.md`,
      accessedAt: TODAY,
    }
    assert.deepEqual(
      { ...lifecycle, lines: undefined, notes: undefined },
      {
        confidence: 'high',
        lastVerified: TODAY,
        sources: [source],
        notes: undefined,
        importedFrom: 'endoflife',
        lines: undefined,
      },
    )
    for (const line of Object.values(lifecycle.lines)) assert.deepEqual(line.sources, [source])
    assert.deepEqual(document.identifiers, [
      { purl: 'pkg:github/kubernetes/kubernetes' },
      { repology: 'kubernetes' },
      { cpe: 'cpe:2.3:a:kubernetes:kubernetes' },
    ])
  })

  test('the written files validate, and nothing else in them changed', async () => {
    const loaded = await loadDataset(dir)
    assert.ok(loaded.ok, JSON.stringify(loaded.ok ? '' : loaded.faults))
    for (const [name, before] of Object.entries(CATALOGUE)) {
      const after = await readFile(join(dir, name), 'utf8')
      const versionsAt = before.indexOf('versions:')
      // The blocks go before versions; what was there stays, byte for byte.
      assert.ok(after.startsWith(before.slice(0, versionsAt)), `${name}: the head is kept`)
      assert.ok(after.endsWith(before.slice(versionsAt)), `${name}: the versions are kept`)
      assert.match(after.slice(versionsAt), /^identifiers:\n- [\s\S]*\nlifecycle:\n/, name)
    }
  })

  test('importing again replaces only its own block: lines counted, a stale line removed', async () => {
    const file = join(dir, 'kubernetes.yaml')
    const text = await readFile(file, 'utf8')
    // The imported block as a maintainer should not leave it: a line endoflife.date no longer
    // lists, and a changed date.
    await writeFile(
      file,
      text
        .replace(
          '  lines:\n',
          '  lines:\n    "0.9":\n      released: "2015-01-01"\n      supportUntil: true\n',
        )
        .replace('supportUntil: "2027-06-28"', 'supportUntil: "2027-12-31"'),
    )
    const again = await runCompatInProcess([
      'import',
      'endoflife',
      join(EOL_PRODUCTS, 'kubernetes.md'),
      '--out',
      dir,
      '--commit',
      SNAPSHOT,
      '--today',
      '2026-12-01',
    ])
    assert.equal(again.code, 0, again.stderr)
    assert.equal(
      again.stdout.replaceAll(dir, 'DIR').split('\n')[0],
      `${EOL_SHOWN}/kubernetes.md -> DIR/kubernetes.yaml: imported (permalink /kubernetes is its id); lines: 0 added, 1 changed, 1 removed, 20 unchanged; 0 identifiers added`,
    )
    // The same file as a first import on that day.
    assert.equal(await readFile(file, 'utf8'), text.replaceAll(`"${TODAY}"`, '"2026-12-01"'))
  })

  test('flags before the format: the same import (the format is the first positional)', async () => {
    const first = await catalogue()
    const last = await catalogue()
    try {
      const product = join(EOL_PRODUCTS, 'kubernetes.md')
      const flagsFirst = await runCompatInProcess([
        'import',
        '--out',
        first,
        '--commit',
        SNAPSHOT,
        '--today',
        TODAY,
        'endoflife',
        product,
      ])
      const flagsLast = await importEndoflife([product, '--out', last])
      assert.equal(flagsFirst.code, 0, flagsFirst.stderr)
      assert.equal(
        flagsFirst.stdout.replaceAll(first, 'DIR'),
        flagsLast.stdout.replaceAll(last, 'DIR'),
      )
      assert.deepEqual(await contents(first), await contents(last))
      assert.match(await readFile(join(first, 'kubernetes.yaml'), 'utf8'), /^lifecycle:$/m)
    } finally {
      await Promise.all([first, last].map((dir) => rm(dir, { recursive: true, force: true })))
    }
  })

  test('a hand-written lifecycle block is left alone, and so is its file', async () => {
    const handWritten = projectFile(
      'kubernetes',
      'aliases: [k8s]\nlifecycle:\n  confidence: medium\n  lastVerified: "2026-11-01"\n  sources: [{title: Releases, url: "https://kubernetes.io/releases/", accessedAt: "2026-11-01"}]\n  lines:\n    "1.34": {released: "2025-08-27", supportUntil: "2026-10-27"}\n',
    )
    const own = await catalogue({ 'kubernetes.yaml': handWritten })
    try {
      const result = await importEndoflife([join(EOL_PRODUCTS, 'kubernetes.md'), '--out', own])
      assert.equal(result.code, 0, result.stderr)
      assert.deepEqual(result.stdout.replaceAll(own, 'DIR').trimEnd().split('\n'), [
        `${EOL_SHOWN}/kubernetes.md -> DIR/kubernetes.yaml: left alone: its lifecycle block is written by hand (it has no importedFrom: endoflife)`,
        '1 product read: 0 imported into DIR (0 files written), 1 left alone, 0 not imported, 0 matched no project; 0 items left out',
      ])
      assert.deepEqual(await contents(own), { 'kubernetes.yaml': handWritten })
    } finally {
      await rm(own, { recursive: true, force: true })
    }
  })

  test('a product whose result would not validate is reported where it is wrong; the others import', async () => {
    const own = await catalogue({
      'demo.yaml': projectFile('demo'),
      'kubernetes.yaml': CATALOGUE['kubernetes.yaml'] as string,
    })
    try {
      const result = await importEndoflife([
        join(ENDOFLIFE, 'invalid', 'demo.md'),
        join(EOL_PRODUCTS, 'kubernetes.md'),
        '--out',
        own,
      ])
      assert.equal(result.code, 1, result.stderr)
      assert.deepEqual(result.stdout.replaceAll(own, 'DIR').trimEnd().split('\n'), [
        'test/fixtures/endoflife/invalid/demo.md -> DIR/demo.yaml: not imported: the result would not validate:',
        '  test/fixtures/endoflife/invalid/demo.md:9:10: lifecycle.lines."2.0".supportUntil: supportUntil 2025-03-01 is before the line was released (2025-06-01)',
        `${EOL_SHOWN}/kubernetes.md -> DIR/kubernetes.yaml: imported (permalink /kubernetes is its id); lifecycle block added with 21 lines; 3 identifiers added`,
        '2 products read: 1 imported into DIR (1 file written), 0 left alone, 1 not imported, 0 matched no project; 0 items left out',
      ])
      assert.equal(await readFile(join(own, 'demo.yaml'), 'utf8'), projectFile('demo'))
    } finally {
      await rm(own, { recursive: true, force: true })
    }
  })

  test('a file that is not a product file: each fault on stderr, exit 3, nothing written at all', async () => {
    const own = await catalogue()
    try {
      const result = await importEndoflife([
        EOL_PRODUCTS,
        join(ENDOFLIFE, 'malformed'),
        '--out',
        own,
      ])
      assert.equal(result.code, 3)
      assert.equal(result.stdout, '')
      const shown = 'test/fixtures/endoflife/malformed'
      assert.deepEqual(result.stderr.trimEnd().split('\n'), [
        `compat import: ${shown}/bad-ends.md:4:18: alternate_urls[0] must be a path such as /kubernetes, found "bad-ends-again"`,
        `compat import: ${shown}/bad-ends.md:7:18: releases[0].releaseDate must be a date written YYYY-MM-DD, found "2025-1-1"`,
        `compat import: ${shown}/bad-ends.md:8:11: releases[0].eoas must be a date written YYYY-MM-DD, true or false; found "soon"`,
        `compat import: ${shown}/bad-ends.md:10:10: releases[0].lts must be a date written YYYY-MM-DD, true or false; found "maybe"`,
        `compat import: ${shown}/bad-ends.md:11:13: releases[0].latest must be a version such as "1.34.11", found {"version":"2.0.1"}`,
        `compat import: ${shown}/no-front-matter.md:1:1: it has no YAML front matter: the first line of a product file is "---"`,
        `compat import: ${shown}/no-releases.md:2:1: releases is missing: a product file lists it`,
        `compat import: ${shown}/not-closed.md:1:1: its front matter has no closing "---" line`,
        `compat import: ${shown}/release-without-cycle.md:9:5: releases[1] has no releaseCycle`,
        'compat import: 5 inputs cannot be imported as endoflife.date product files (above); nothing written',
      ])
      assert.deepEqual(await contents(own), CATALOGUE)
    } finally {
      await rm(own, { recursive: true, force: true })
    }
  })

  test('a product file outside a checkout needs --commit: nothing says which commit it is from', async () => {
    const result = await runCompatInProcess([
      'import',
      'endoflife',
      join(EOL_PRODUCTS, 'express.md'),
      '--out',
      dir,
      '--today',
      TODAY,
    ])
    assert.equal(result.code, 3)
    assert.match(
      result.stderr,
      /^compat import: test\/fixtures\/endoflife\/products\/express\.md: not in a checkout of endoflife\.date .*; pass --commit SHA .* or --git-dir DIR/,
    )
  })

  // [arguments after the format and the products, the one line on stderr]
  const usage: ReadonlyArray<[string[], RegExp]> = [
    [['--today', TODAY], /--out DIR is required/],
    [
      ['--out', '/nonexistent/dir', '--commit', SNAPSHOT],
      /--out \/nonexistent\/dir is not a directory of project files/,
    ],
    [['--out', '.', '--map', 'traefik'], /--map 'traefik' is not PRODUCT=PROJECT/],
    [
      ['--out', '.', '--today', '2026-02-30'],
      /--today '2026-02-30' is not a date written YYYY-MM-DD/,
    ],
    [['--out', '.', '--commit', '--x'], /--commit needs a value/],
  ]
  for (const [args, message] of usage) {
    test(`usage: ${message.source}`, async () => {
      const result = await runCompatInProcess(['import', 'endoflife', EOL_PRODUCTS, ...args])
      assert.equal(result.code, 3)
      assert.match(result.stderr, message)
    })
  }

  test('--map must name a product read and a project of the catalogue', async () => {
    const result = await importEndoflife([
      join(EOL_PRODUCTS, 'traefik.md'),
      '--out',
      dir,
      '--map',
      'traefik=traefik',
      '--map',
      'react=node',
    ])
    assert.equal(result.code, 3)
    assert.deepEqual(result.stderr.trimEnd().split('\n'), [
      "compat import: --map traefik=traefik: no project has the id or alias 'traefik'",
      'compat import: --map react=node: no product file react.md was given',
      "compat import: 2 mistakes in the request (above); nothing written (see 'compat import --help')",
    ])
  })
})
