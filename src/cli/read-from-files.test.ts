import assert from 'node:assert/strict'
import { mkdir, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { before, test } from 'node:test'
import { tempDir } from '../../test/support/temp-dir.ts'
import { FORMATS_TRIED } from '../data/stack-files/detect-stack-file.ts'
import type { ReadStackFile } from '../data/stack-files/stack-file.ts'
import type { CliContext } from './cli-context.ts'
import { includeReader, problemLines, readFromFiles } from './read-from-files.ts'

type Refused = Extract<ReadStackFile, { ok: false }>

// [case, what the reader refused, the lines on stderr]
const PROBLEMS: readonly (readonly [string, Refused, string[]])[] = [
  [
    'no known format: one line, the formats tried named by the reader',
    {
      ok: false,
      format: null,
      faults: [{ reason: 'is not a stack file compat reads (A, B): it is empty', location: '' }],
      faultCount: 1,
    },
    ['compat stack: notes.txt is not a stack file compat reads (A, B): it is empty'],
  ],
  [
    'a format broken: each fault at its JSON pointer, then a summary',
    {
      ok: false,
      format: 'cyclonedx',
      faults: [
        { reason: 'must be a string, found 3', location: '/components/0/version' },
        { reason: 'is missing', location: '/components/1/name' },
      ],
      faultCount: 2,
    },
    [
      'notes.txt: /components/0/version: must be a string, found 3',
      'notes.txt: /components/1/name: is missing',
      'compat stack: notes.txt is CycloneDX JSON but breaks the format: 2 faults; see docs/cli.md, "Stacks from files"',
    ],
  ],
  [
    'JSON that does not parse',
    {
      ok: false,
      format: null,
      faults: [{ reason: "is not valid JSON: expected '\"'", location: 'line 3, column 1' }],
      faultCount: 1,
    },
    [
      "notes.txt: line 3, column 1: is not valid JSON: expected '\"'",
      'compat stack: notes.txt cannot be read: 1 fault; see docs/cli.md, "Stacks from files"',
    ],
  ],
  [
    'a requirements file: its locations name their file (an include’s own)',
    {
      ok: false,
      format: 'requirements',
      faults: [{ reason: 'is not a requirement', location: 'base.txt:4' }],
      faultCount: 1,
    },
    [
      'base.txt:4: is not a requirement',
      'compat stack: notes.txt is pip requirements.txt but breaks the format: 1 fault; see docs/cli.md, "Stacks from files"',
    ],
  ],
  [
    'a fault of the whole file',
    {
      ok: false,
      format: 'spdx',
      faults: [{ reason: 'has no packages', location: '' }],
      faultCount: 1,
    },
    [
      'notes.txt: has no packages',
      'compat stack: notes.txt is SPDX JSON but breaks the format: 1 fault; see docs/cli.md, "Stacks from files"',
    ],
  ],
]

for (const [name, read, lines] of PROBLEMS) {
  test(`problemLines: ${name}`, () => {
    assert.deepEqual(problemLines('stack', 'notes.txt', read), lines)
  })
}

let root: string
before(async () => {
  root = await tempDir('compat-from-')
  await mkdir(join(root, 'app'))
  await writeFile(join(root, 'app', 'requirements.txt'), 'flask==3.0.3\n-r base.txt\n')
  await writeFile(join(root, 'app', 'base.txt'), 'django==4.2.16\n')
  await writeFile(join(root, 'empty.txt'), '')
})

// [path, included from, what the reader gives]
const INCLUDES = [
  ['base.txt', 'app/requirements.txt', { name: 'app/base.txt', text: 'django==4.2.16\n' }],
  ['app/base.txt', undefined, { name: 'app/base.txt', text: 'django==4.2.16\n' }],
  ['missing.txt', 'app/requirements.txt', { refused: 'no such file' }],
  ['app', undefined, { fault: 'a directory, not a regular file' }],
  [
    'https://example.org/requirements.txt',
    'app/requirements.txt',
    { refused: 'a URL; compat reads only files on this machine' },
  ],
] as const

for (const [path, from, expected] of INCLUDES) {
  test(`includeReader: -r ${path} from ${from ?? '(no file)'}`, () => {
    assert.deepEqual(includeReader(root)(path, from), expected)
  })
}

function capture(): { context: CliContext; err: string[] } {
  const err: string[] = []
  return { context: { cwd: root, env: {}, out: () => {}, err: (line) => err.push(line) }, err }
}

test('readFromFiles: a requirements file with its include, named relative to the directory', async () => {
  const { context } = capture()
  const read = await readFromFiles('stack', ['app/requirements.txt'], context)
  assert.ok(read !== null)
  assert.equal(read[0]?.file, 'app/requirements.txt')
  assert.deepEqual(
    read[0]?.stack.components.map((component) => `${component.name} at ${component.location}`),
    ['flask at app/requirements.txt:1', 'django at app/base.txt:1'],
  )
})

test('readFromFiles: a file that cannot be read is an error naming it; one given twice too', async () => {
  const { context } = capture()
  await assert.rejects(readFromFiles('stack', ['missing.json'], context), {
    name: 'CliError',
    message: 'cannot read missing.json: no such file',
  })
  await assert.rejects(readFromFiles('stack', ['app'], context), {
    message: 'cannot read app: a directory, not a regular file',
  })
  await assert.rejects(readFromFiles('plan', ['app/base.txt', './app/base.txt'], context), {
    message: "--from app/base.txt is given twice (see 'compat plan --help')",
  })
})

test('readFromFiles: every file is read, and each one’s problems written; then null', async () => {
  const { context, err } = capture()
  assert.equal(await readFromFiles('stack', ['empty.txt', 'app/base.txt'], context), null)
  assert.equal(err.length, 1)
  assert.match(err[0] ?? '', /^compat stack: empty.txt is not a stack file .*: it is empty$/)
})

test('readFromFiles: a binary file is named, none of its bytes printed', async () => {
  await writeFile(
    join(root, 'image.bin'),
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0xff, 0x1b, 0x5b, 0x32, 0x4a]),
  )
  await writeFile(join(root, 'nul.txt'), 'flask==3.0.3\n\u0000\u001b[2J secret\n')
  const { context, err } = capture()
  assert.equal(await readFromFiles('stack', ['image.bin', 'nul.txt'], context), null)
  assert.deepEqual(err, [
    'compat stack: image.bin is not UTF-8 text: a binary file is no stack file; nothing of it is shown',
    `compat stack: nul.txt is not a stack file compat reads (${FORMATS_TRIED}): it is binary, not text (a NUL byte at character 14)`,
  ])
})

test('problemLines: control characters in locations and names are escaped; beyond 100 faults, counted', () => {
  const lines = problemLines('stack', 'evil\u001b[2J.json', {
    ok: false,
    format: 'package-lock',
    faults: [{ reason: 'is missing', location: '/packages/\u0007bell' }],
    faultCount: 250,
  })
  assert.deepEqual(lines, [
    'evil\\u001b[2J.json: /packages/\\u0007bell: is missing',
    '… and 249 faults more, not shown',
    'compat stack: evil\\u001b[2J.json is npm package-lock.json but breaks the format: 250 faults; see docs/cli.md, "Stacks from files"',
  ])
})
