import assert from 'node:assert/strict'
import { test } from 'node:test'
import { CliError } from './cli-error.ts'
import { parseImportArguments } from './import-arguments.ts'

// Columns: the arguments after `import`, the format, the inputs, --out. Flags may stand
// anywhere: the format is the first positional.
const PARSED: readonly (readonly [string[], string, string[], string | undefined])[] = [
  [['npm', 'left-pad', '--out', 'd'], 'npm', ['left-pad'], 'd'],
  [['--out', 'd', 'npm', 'left-pad'], 'npm', ['left-pad'], 'd'],
  [['--out=d', 'npm', 'left-pad'], 'npm', ['left-pad'], 'd'],
  [['npm', '--out', 'd', 'left-pad'], 'npm', ['left-pad'], 'd'],
  [['--out', 'd', 'endoflife', 'a.md', 'b.md'], 'endoflife', ['a.md', 'b.md'], 'd'],
  [['--map', 'x=y', '--out', 'd', 'endoflife', 'p/'], 'endoflife', ['p/'], 'd'],
  [['--out', 'd', 'compatibility-fyi', 'f.yaml'], 'compatibility-fyi', ['f.yaml'], 'd'],
  [['--chart', 'c', '--out', 'd', 'helm-index', 'i.yaml'], 'helm-index', ['i.yaml'], 'd'],
  [['pypi', 'Django'], 'pypi', ['Django'], undefined],
]

for (const [args, format, inputs, out] of PARSED) {
  test(`parseImportArguments: import ${args.join(' ')}`, () => {
    const parsed = parseImportArguments(args)
    assert.deepEqual([parsed.format, parsed.inputs, parsed.values.out], [format, inputs, out])
  })
}

// Columns: the arguments after `import`, the usage error.
const REFUSED: readonly (readonly [string[], string])[] = [
  [[], 'name the format: compatibility-fyi, endoflife, helm-index, npm, pypi'],
  [['--out', 'd'], 'name the format: compatibility-fyi, endoflife, helm-index, npm, pypi'],
  [
    ['--out', 'd', 'left-pad', 'npm'],
    "unknown format 'left-pad'; the formats are compatibility-fyi, endoflife, helm-index, npm, pypi",
  ],
  [['--out', 'd', 'npm', 'x', '--map', 'a=b'], '--map is for endoflife, not npm'],
  [
    ['endoflife', 'p/', '--tag', 'v{version}'],
    '--tag is for helm-index, npm and pypi, not endoflife',
  ],
  [
    ['compatibility-fyi', 'f', '--today', '2026-12-07'],
    '--today is for endoflife, not compatibility-fyi',
  ],
  [['npm', 'x', '--chart', 'c'], '--chart is for helm-index, not npm'],
  [['npm', 'x', '--out', 'a', '--out', 'b'], '--out is given more than once'],
  [['npm', 'x', '--outt', 'a'], "unknown option '--outt'"],
]

for (const [args, message] of REFUSED) {
  test(`parseImportArguments: import ${args.join(' ')} is refused`, () => {
    assert.throws(
      () => parseImportArguments(args),
      new CliError(`${message} (see 'compat import --help')`),
    )
  })
}
