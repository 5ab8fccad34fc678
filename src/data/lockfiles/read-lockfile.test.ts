import assert from 'node:assert/strict'
import { readFileSync } from 'node:fs'
import { test } from 'node:test'
import type { LockedPackage, ReadLockfile } from './lockfile.ts'
import { lockfileFormatOf, readLockfile } from './read-lockfile.ts'

const fixture = (path: string): string =>
  readFileSync(new URL(`../../../test/fixtures/readiness/${path}`, import.meta.url), 'utf8')

const lockfileOf = (read: ReadLockfile) => {
  assert.ok(read.ok, JSON.stringify(read))
  return read.lockfile
}

const find = (packages: readonly LockedPackage[], name: string) =>
  packages.find((item) => item.name === name)

test('package-lock.json: every installed package, with what npm records it declares, its pointer and line', () => {
  const lockfile = lockfileOf(
    readLockfile(fixture('react18-app/package-lock.json'), 'package-lock.json'),
  )
  assert.equal(lockfile.format, 'package-lock')
  assert.equal(lockfile.packages.length, 592)
  assert.deepEqual(JSON.parse(JSON.stringify(lockfile.root?.declarations)), {
    engines: { node: '>=18' },
  })
  const dom = find(lockfile.packages, 'react-dom')
  assert.deepEqual(JSON.parse(JSON.stringify(dom)), {
    name: 'react-dom',
    version: '18.3.1',
    location: '/packages/node_modules~1react-dom',
    line: dom?.line,
    direct: true,
    declarations: { peerDependencies: { react: '^18.3.1' } },
  })
  const lines = fixture('react18-app/package-lock.json').split('\n')
  assert.equal(
    lines[(dom?.line ?? 0) - 1]?.trim(),
    '"node_modules/react-dom": {',
    'the line is the entry’s',
  )
  // npm nests a second react-redux under react-beautiful-dnd: both are packages of the tree.
  const redux = lockfile.packages.filter((item) => item.name === 'react-redux')
  assert.deepEqual(
    redux.map((item) => [item.version, item.direct]),
    [
      ['7.2.9', false],
      ['8.1.3', true],
    ],
  )
})

test('pnpm-lock.yaml 9: the packages map, with engines and peers, and the root importer’s names as direct', () => {
  const lockfile = lockfileOf(readLockfile(fixture('react18-app/pnpm-lock.yaml'), 'pnpm-lock.yaml'))
  assert.equal(lockfile.format, 'pnpm-lock')
  assert.equal(lockfile.ecosystem, 'npm')
  const material = find(lockfile.packages, '@mui/material')
  assert.equal(material?.version, '5.14.20')
  assert.equal(material?.location, '/packages/@mui~1material@5.14.20')
  assert.equal(material?.direct, true)
  assert.deepEqual(
    (material?.declarations?.peerDependencies as Record<string, string> | undefined)?.react,
    '^17.0.0 || ^18.0.0',
  )
  assert.deepEqual(material?.declarations?.engines, { node: '>=12.0.0' })
  const lines = fixture('react18-app/pnpm-lock.yaml').split('\n')
  assert.equal(lines[(material?.line ?? 0) - 1], "  '@mui/material@5.14.20':")
})

test('poetry.lock: python-versions as each package’s Requires-Python', () => {
  const lockfile = lockfileOf(readLockfile(fixture('python/poetry.lock'), 'poetry.lock'))
  assert.deepEqual(
    lockfile.packages.map((item) => [
      item.name,
      item.version,
      item.declarations?.requiresPython,
      item.line,
    ]),
    [
      ['astroid', '2.15.8', '>=3.7.2', 3],
      ['black', '23.12.1', '>=3.8', 23],
      ['click', '8.1.7', '>=3.7', 50],
      ['colorama', '0.4.6', '!=3.0.*,!=3.1.*,!=3.2.*,!=3.3.*,!=3.4.*,!=3.5.*,!=3.6.*,>=2.7', 65],
    ],
  )
})

test('uv.lock: the packages without declarations (the registry tells), the project as the root with requires-python', () => {
  const lockfile = lockfileOf(readLockfile(fixture('python/uv.lock'), 'uv.lock'))
  assert.deepEqual(
    lockfile.packages.map((item) => [item.name, item.direct, item.declarations]),
    [
      ['certifi', false, undefined],
      ['charset-normalizer', false, undefined],
      ['diskcache', true, undefined],
      ['idna', false, undefined],
      ['requests', true, undefined],
      ['urllib3', false, undefined],
      ['xmltodict', true, undefined],
    ],
  )
  assert.equal(lockfile.root?.name, 'cursvalutarbnr')
  assert.deepEqual(lockfile.root?.declarations, { requiresPython: '>=3.12' })
  assert.deepEqual(
    lockfile.leftOut.map((item) => item.name),
    ['cursvalutarbnr'],
  )
})

test('pylock.toml (the specification’s example): each package’s own requires-python', () => {
  const lockfile = lockfileOf(readLockfile(fixture('python/pylock.toml'), 'pylock.toml'))
  assert.deepEqual(
    lockfile.packages.map((item) => [
      item.name,
      item.version,
      item.declarations?.requiresPython,
      item.location,
    ]),
    [
      ['attrs', '25.1.0', '>= 3.8', '/packages/0'],
      ['cattrs', '24.1.2', '>= 3.8', '/packages/1'],
      ['numpy', '2.2.3', '>= 3.10', '/packages/2'],
    ],
  )
})

// Columns: the rule, the file's name, its text, the format told.
const FORMATS: readonly (readonly [string, string | undefined, string, string | null])[] = [
  ['a lockfile name decides', 'app/npm-shrinkwrap.json', '{}', 'package-lock'],
  ['a named pylock decides', 'pylock.dev.toml', '', 'pylock'],
  [
    'npm JSON by its lockfileVersion',
    undefined,
    '{"name":"x","lockfileVersion":3}',
    'package-lock',
  ],
  ['pnpm by its first line', 'lock.yaml', "lockfileVersion: '9.0'\n", 'pnpm-lock'],
  [
    'uv by version and requires-python',
    undefined,
    'version = 1\nrequires-python = ">=3.12"\n',
    'uv-lock',
  ],
  [
    'pylock by lock-version, after comments',
    undefined,
    "# uv export\nlock-version = '1.0'\n",
    'pylock',
  ],
  [
    'poetry by its packages’ python-versions',
    undefined,
    '[[package]]\nname = "a"\nversion = "1"\npython-versions = "*"\n',
    'poetry-lock',
  ],
  ['a requirements file is none', 'requirements.txt', 'django==5.1\n', null],
  ['an SBOM is none', undefined, '{"bomFormat":"CycloneDX"}', null],
]

test('lockfileFormatOf tells the format by the tool’s file name, else by the first lines', () => {
  for (const [rule, name, text, format] of FORMATS) {
    assert.equal(lockfileFormatOf(text, name), format, rule)
  }
})

// Columns: the rule, the file's name, its text, every fault as `location: reason`.
const FAULTS: readonly (readonly [string, string, string, string[]])[] = [
  [
    'pnpm 6 is refused, naming the version read',
    'pnpm-lock.yaml',
    "lockfileVersion: '6.0'\npackages: {}\n",
    ['/lockfileVersion: must be \'9.0\' (pnpm 9 and later), found "6.0"'],
  ],
  [
    'YAML that breaks is located',
    'pnpm-lock.yaml',
    'lockfileVersion: [\n',
    ['line 2, column 1: is not valid YAML'],
  ],
  [
    'a pnpm key without a version',
    'pnpm-lock.yaml',
    "lockfileVersion: '9.0'\npackages:\n  react: {}\n",
    ['/packages/react: is not NAME@VERSION'],
  ],
  [
    'TOML that breaks is located',
    'uv.lock',
    'version = \n',
    ['line 1, column 11: is not valid TOML'],
  ],
  [
    'a poetry package without a name',
    'poetry.lock',
    '[[package]]\nversion = "1"\n',
    ['/package/0/name: must have a name, found nothing'],
  ],
  [
    'a pylock of another version',
    'pylock.toml',
    "lock-version = '2.0'\n",
    ['/lock-version: must be "1.0" (PEP 751), found "2.0"'],
  ],
  [
    'packages that are no list',
    'pylock.toml',
    "lock-version = '1.0'\npackages = 3\n",
    ['/packages: must be a list of tables, found 3'],
  ],
]

test('a lockfile that breaks its format is refused with every fault located', () => {
  for (const [rule, name, text, expected] of FAULTS) {
    const read = readLockfile(text, name)
    assert.ok(!read.ok, rule)
    assert.deepEqual(
      read.faults.map((fault) =>
        `${fault.location}: ${fault.reason}`.slice(0, expected[0]?.length),
      ),
      expected,
      rule,
    )
  }
})

test('a pylock entry without a version is left out, not refused', () => {
  const lockfile = lockfileOf(
    readLockfile("lock-version = '1.0'\n[[packages]]\nname = 'local'\n", 'pylock.toml'),
  )
  assert.deepEqual(lockfile.packages, [])
  assert.deepEqual(lockfile.leftOut, [
    { name: 'local', reason: 'it has no version', location: '/packages/0' },
  ])
})
