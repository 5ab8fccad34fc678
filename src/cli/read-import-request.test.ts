import assert from 'node:assert/strict'
import { test } from 'node:test'
import type { CliContext } from './cli-context.ts'
import { CliError } from './cli-error.ts'
import { parseImportArguments } from './import-arguments.ts'
import type { PackagingFormat } from './packaging-formats.ts'
import { readImportRequest } from './read-import-request.ts'

const context: CliContext = {
  cwd: process.cwd(),
  env: { COMPAT_TODAY: '2026-11-26' },
  out: () => {},
  err: () => {},
}

/** The request of `compat import FORMAT ARGS…`, its arguments parsed as the command parses them. */
async function requestOf(format: PackagingFormat, args: readonly string[]) {
  const { inputs, values } = parseImportArguments([format, ...args])
  return readImportRequest(format, inputs, values, context)
}

// Columns: the format, the arguments after it, the usage error (before anything is read).
const MISTAKES: readonly (readonly [PackagingFormat, string[], string])[] = [
  ['npm', ['--out', 'x'], 'name what to import: a npm package or a saved answer'],
  [
    'helm-index',
    ['--out', 'x'],
    'name what to import: an index.yaml URL or file, or Chart.yaml files',
  ],
  ['pypi', ['a', 'b', '--out', 'x'], 'import pypi reads one package at a time; got a, b'],
  ['npm', ['a'], '--out DIR is required: the directory holding (or to hold) <id>.yaml'],
  [
    'helm-index',
    ['i.yaml', '--out', 'x'],
    '--chart NAME is required: the chart to read from the index',
  ],
  [
    'helm-index',
    ['i.yaml', '--out', 'x', '--chart', 'c', '--tag', 'v{version}'],
    '--tag is for npm and pypi; a chart is cited to its archive or --source-url',
  ],
  [
    'npm',
    ['a', '--out', 'x', '--source-url', 'https://x.example/a'],
    "--source-url 'https://x.example/a' must contain {version}, so that each release is cited where it was published",
  ],
  [
    'npm',
    ['a', '--out', 'x', '--source-url', 'ftp://x.example/{version}'],
    "--source-url 'ftp://x.example/{version}' must be an http or https address",
  ],
  [
    'npm',
    ['a', '--out', 'x', '--website', 'x.example'],
    "--website 'x.example' must be an http or https address",
  ],
  [
    'npm',
    ['a', '--out', 'x', '--tag', 'release'],
    "--tag 'release' must contain {version}, so that each release is cited where it was published",
  ],
]

for (const [format, args, message] of MISTAKES) {
  test(`readImportRequest: import ${format} ${args.join(' ')} is refused`, async () => {
    await assert.rejects(
      requestOf(format, args),
      new CliError(`${message} (see 'compat import --help')`),
    )
  })
}

test('readImportRequest: the defaults — tags v{version}, no source URL, 60 s', async () => {
  const request = await requestOf('npm', ['demo', '--out', 'x'])
  assert.deepEqual(
    { ...request, tags: request.tags.rules.map((rule) => rule.template) },
    {
      format: 'npm',
      inputs: ['demo'],
      out: 'x',
      project: undefined,
      chart: undefined,
      today: '2026-11-26',
      timeoutMs: 60_000,
      sourceUrl: null,
      tags: ['v{version}'],
      newProject: { name: undefined, website: undefined, category: undefined },
    },
  )
})
