import assert from 'node:assert/strict'
import { readFileSync } from 'node:fs'
import { test } from 'node:test'
import { formatStackFile } from './format-stack-file.ts'
import {
  type IncludeReader,
  type RequirementsOptions,
  readRequirements,
} from './read-requirements.ts'

const FIXTURES = new URL('../../../test/fixtures/stack-files/requirements/', import.meta.url)

/** Reads includes beside the including file, as the command line does, within the fixture folder. */
const readFixture: IncludeReader = (path, from) => {
  const name = new URL(path, new URL(from ?? '', FIXTURES)).href.slice(FIXTURES.href.length)
  try {
    return { name, text: readFileSync(new URL(name, FIXTURES), 'utf8') }
  } catch {
    return { refused: 'no such file' }
  }
}

/** Includes from a map of names to texts. */
const readFrom =
  (files: Record<string, string>): IncludeReader =>
  (path) =>
    files[path] === undefined ? { refused: 'no such file' } : { name: path, text: files[path] }

// Columns: the fixture (how each was made: test/fixtures/stack-files/README.md), its stack.
const FIXTURE_CASES: readonly (readonly [string, string[]])[] = [
  [
    'requirements.txt',
    [
      'requests 2.32.3 pkg:pypi/requests@2.32.3 at base.txt:2',
      'django 4.2.16 pkg:pypi/django@4.2.16 at base.txt:3',
      'sentry-sdk 2.14.0 pkg:pypi/sentry-sdk@2.14.0 at base.txt:4',
      'psycopg 3.2.3 pkg:pypi/psycopg@3.2.3 at requirements.txt:10',
      'backports-zoneinfo 0.2.1 pkg:pypi/backports-zoneinfo@0.2.1 when python_version < "3.9" at requirements.txt:13',
      'numpy 2.1.2 pkg:pypi/numpy@2.1.2 when python_version >= "3.12" at requirements.txt:15',
      'typing-extensions 4.12.2 pkg:pypi/typing-extensions@4.12.2 at requirements.txt:16',
      'duplicate numpy: kept 2.1.2 (the highest version), not 1.26.4 at requirements.txt:14',
      'left out: the constraints file constraints.txt is not read: constraints limit versions, they install nothing at requirements.txt:6',
      'left out celery: not pinned: no exact version: >=5.3,<6 at requirements.txt:17',
      'left out redis: not pinned: no version given at requirements.txt:18',
      'left out gunicorn: not pinned: no exact version: ==23.* at requirements.txt:19',
      'left out: not pinned: an editable install of ./libs/shop-core at requirements.txt:20',
      'left out internal-tool: not pinned: a URL or path (https://files.example.org/wheels/internal_tool-1.0-py3-none-any.whl), not a version at requirements.txt:21',
      'left out shop-theme: not pinned: a direct reference (git+https://github.com/example/shop-theme@v1.2.0), not a version at requirements.txt:22',
    ],
  ],
  [
    'loop-a.txt',
    [
      'werkzeug 3.0.4 pkg:pypi/werkzeug@3.0.4 at loop-b.txt:2',
      'flask 3.0.3 pkg:pypi/flask@3.0.3 at loop-a.txt:2',
      'left out: includes loop-a.txt again, a loop (loop-a.txt → loop-b.txt → loop-a.txt); not followed at loop-b.txt:1',
    ],
  ],
]

for (const [name, lines] of FIXTURE_CASES) {
  test(`requirements/${name}, its includes followed, reads as its stack`, () => {
    const text = readFileSync(new URL(name, FIXTURES), 'utf8')
    assert.deepEqual(
      formatStackFile(readRequirements(text, { name, readInclude: readFixture })),
      lines,
    )
  })
}

// Columns: the rule, the text, the options, what is read of it.
const CASES: readonly (readonly [string, string, RequirementsOptions, string[]])[] = [
  [
    'without a name, locations are line numbers',
    'flask==3.0.3\n',
    {},
    ['flask 3.0.3 pkg:pypi/flask@3.0.3 at line 1'],
  ],
  [
    'spellings of one project are one component, named as PEP 503 normalizes',
    'Django==4.2.16\ndjango==4.2.16\nDJANGO==5.1.2\n',
    { name: 'r.txt' },
    [
      'django 5.1.2 pkg:pypi/django@5.1.2 at r.txt:3',
      'duplicate django: kept 5.1.2 (the highest version), not 4.2.16 at r.txt:1',
    ],
  ],
  [
    "a local version's + stays in the purl (packageurl-js writes it; %2B means the same)",
    'torch==2.4.1+cu121',
    { name: 'r.txt' },
    ['torch 2.4.1+cu121 pkg:pypi/torch@2.4.1+cu121 at r.txt:1'],
  ],
  [
    'without a way to read includes, each is reported as not followed',
    '-r base.txt\nflask==3.0.3\n',
    { name: 'r.txt' },
    [
      'flask 3.0.3 pkg:pypi/flask@3.0.3 at r.txt:2',
      'left out: includes base.txt, which is not followed here at r.txt:1',
    ],
  ],
  [
    "an include the caller refuses is reported with the caller's reason",
    '-r base.txt\n',
    { name: 'r.txt', readInclude: () => ({ refused: 'a server reads one file' }) },
    ['left out: includes base.txt, not read: a server reads one file at r.txt:1'],
  ],
  [
    'a file that includes itself is a loop, reported',
    '-r r.txt\nflask==3.0.3\n',
    { name: 'r.txt', readInclude: readFrom({ 'r.txt': '' }) },
    [
      'flask 3.0.3 pkg:pypi/flask@3.0.3 at r.txt:2',
      'left out: includes r.txt again, a loop (r.txt → r.txt); not followed at r.txt:1',
    ],
  ],
  [
    'a file included twice, not in a loop, is read once',
    '-r a.txt\n-r b.txt\n',
    {
      name: 'r.txt',
      readInclude: readFrom({
        'a.txt': '-r c.txt\n',
        'b.txt': '-r c.txt\n',
        'c.txt': 'flask==3.0.3',
      }),
    },
    ['flask 3.0.3 pkg:pypi/flask@3.0.3 at c.txt:1'],
  ],
  [
    'lines that are neither requirements nor options are refused, every one, in included files too',
    'flask==3.0.3\nkey: value\n-r bad.txt\n',
    { name: 'r.txt', readInclude: readFrom({ 'bad.txt': 'django==4.2\n[section]\nredis==5.0\n' }) },
    [
      'error r.txt:2: is neither a requirement nor an option: key: value',
      'error bad.txt:2: is neither a requirement nor an option: [section]',
    ],
  ],
  [
    'an included file that is mostly not requirements is refused whole, none of its lines quoted',
    '-r README.md\nflask==3.0.3\n',
    {
      name: 'r.txt',
      readInclude: () => ({
        name: 'README.md',
        text: 'Install with: pip install -r requirements.txt\nsecret: hunter2\nflask==3.0.3\n',
      }),
    },
    [
      'error r.txt:1: includes README.md, not read: 2 of its 3 lines are neither a requirement nor an option; it is no requirements file',
    ],
  ],
  [
    'an option pip does not know is reported, the rest read',
    '--frobnicate\nflask==3.0.3\n',
    { name: 'r.txt' },
    [
      'flask 3.0.3 pkg:pypi/flask@3.0.3 at r.txt:2',
      'left out: --frobnicate is no option pip reads in a requirements file; not read at r.txt:1',
    ],
  ],
  ['a file of comments is an empty stack', '# nothing yet\n', { name: 'r.txt' }, []],
  [
    'a byte order mark is no part of the first name',
    '\uFEFFflask==3.0.3',
    { name: 'r.txt' },
    ['flask 3.0.3 pkg:pypi/flask@3.0.3 at r.txt:1'],
  ],
]

for (const [rule, text, options, lines] of CASES) {
  test(rule, () => assert.deepEqual(formatStackFile(readRequirements(text, options)), lines))
}

test('includes are followed 32 deep; the 33rd is a fault naming the file and why', () => {
  // r0 includes r1, which includes r2, … each pinning one package.
  const files: Record<string, string> = {}
  for (let level = 1; level <= 40; level++)
    files[`r${level}.txt`] = `-r r${level + 1}.txt\np${level}==1.0\n`
  const read = readRequirements('-r r1.txt\n', { name: 'r0.txt', readInclude: readFrom(files) })
  assert.equal(read.ok, false)
  assert.deepEqual(!read.ok && read.faults, [
    {
      reason: 'includes r33.txt, not read: includes are followed at most 32 files deep',
      location: 'r32.txt:1',
    },
  ])
})

test('a chain of 2,000 includes ends in one fault, not a stack overflow', () => {
  const files: Record<string, string> = {}
  for (let level = 1; level <= 2_000; level++) files[`r${level}.txt`] = `-r r${level + 1}.txt\n`
  const read = readRequirements('-r r1.txt\n', { name: 'r0.txt', readInclude: readFrom(files) })
  assert.equal(!read.ok && read.faultCount, 1)
})

test('an include the caller refuses as a fault is a fault of the file, with its reason', () => {
  const read = readRequirements('-r /dev/zero\nflask==3.0.3\n', {
    name: 'r.txt',
    readInclude: () => ({ fault: 'a character device, not a regular file' }),
  })
  assert.deepEqual(formatStackFile(read), [
    'error r.txt:1: includes /dev/zero, not read: a character device, not a regular file',
  ])
})

test('two includes on one line are read in order, each where it stands', () => {
  const read = readRequirements('a==1\n-r b.txt -r c.txt\nd==1\n', {
    name: 'r.txt',
    readInclude: readFrom({ 'b.txt': 'b==1\n-r c.txt\n', 'c.txt': 'c==1\n' }),
  })
  assert.deepEqual(
    formatStackFile(read).map((line) => line.split(' ')[0]),
    ['a', 'b', 'c', 'd'],
  )
})

test('a file of a million faulty lines keeps the first 100 faults and counts them all', () => {
  const read = readRequirements('key: value\n'.repeat(1_000_000), { name: 'r.txt' })
  assert.equal(read.ok, false)
  if (read.ok) return
  assert.equal(read.faults.length, 100)
  assert.equal(read.faultCount, 1_000_000)
  assert.deepEqual(read.faults[99], {
    reason: 'is neither a requirement nor an option: key: value',
    location: 'r.txt:100',
  })
})

test('reading takes steps linear in the text, includes and long lines alike', () => {
  const shapes: readonly (readonly [string, (n: number) => string])[] = [
    ['one long line of spaces', (n) => `a${' '.repeat(n)}x`],
    ['backslashes in a continued line', (n) => `x${'\\'.repeat(n)}x\\\nflask==1`],
    ['many short pins', (n) => 'flask==3.0.3\n'.repeat(n / 13)],
    ['a long specifier', (n) => `a${'>=1,'.repeat(n / 4)}`],
    ['a long URL', (n) => `https://x/${'a-'.repeat(n / 2)}.whl`],
    ['many options', (n) => '--pre '.repeat(n / 6)],
  ]
  for (const [shape, make] of shapes) {
    for (const n of [10_000, 100_000, 1_000_000]) {
      const text = make(n)
      const counter = { steps: 0 }
      readRequirements(text, { name: 'r.txt', counter })
      assert.ok(
        counter.steps <= 16 * text.length + 10,
        `${shape}, ${text.length} characters: ${counter.steps} steps`,
      )
    }
  }
})
