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
    'a local version is percent-encoded in the purl',
    'torch==2.4.1+cu121',
    { name: 'r.txt' },
    ['torch 2.4.1+cu121 pkg:pypi/torch@2.4.1%2Bcu121 at r.txt:1'],
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
    { name: 'r.txt', readInclude: readFrom({ 'bad.txt': '[section]\n' }) },
    [
      'error r.txt:2: is neither a requirement nor an option: key: value',
      'error bad.txt:1: is neither a requirement nor an option: [section]',
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
