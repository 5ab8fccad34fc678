import assert from 'node:assert/strict'
import { test } from 'node:test'
import { parseRequirementLine, type RequirementLineItem } from './parse-requirement-line.ts'

function describe(item: RequirementLineItem): string {
  switch (item.kind) {
    case 'pinned':
      return `pinned ${item.name} ${item.version}${item.marker === undefined ? '' : ` when ${item.marker}`}`
    case 'unpinned':
      return `unpinned ${item.name ?? '-'}: ${item.reason}`
    case 'include':
    case 'constraint':
      return `${item.kind} ${item.path}`
    case 'editable':
      return `editable ${item.target}`
    case 'unknown-option':
      return `unknown ${item.option}`
    case 'invalid':
      return `invalid: ${item.reason}`
    case 'ignored':
      return 'ignored'
  }
}

// Columns: the logical line, what it is read as.
const CASES: readonly (readonly [string, string[]])[] = [
  ['flask==3.0.3', ['pinned flask 3.0.3']],
  ['Flask == 3.0.3', ['pinned Flask 3.0.3']],
  ['requests[socks,security]==2.32.3', ['pinned requests 2.32.3']],
  ['typing_extensions===4.12.2', ['pinned typing_extensions 4.12.2']],
  ['numpy==1.26.4; python_version < "3.12"', ['pinned numpy 1.26.4 when python_version < "3.12"']],
  [
    'numpy == 1.26.4 ; python_version < "3.12"',
    ['pinned numpy 1.26.4 when python_version < "3.12"'],
  ],
  ['psycopg[binary]==3.2.3     --hash=sha256:aa     --hash=sha256:bb', ['pinned psycopg 3.2.3']],
  ['django>=4.2,==4.2.16', ['pinned django 4.2.16']],
  ['django (==4.2.16)', ['pinned django 4.2.16']],
  ['redis', ['unpinned redis: no version given']],
  ['celery>=5.3,<6', ['unpinned celery: no exact version: >=5.3,<6']],
  ['gunicorn==23.*', ['unpinned gunicorn: no exact version: ==23.*']],
  [
    // pip expands ${NAME} from the environment: the pin is not in the file.
    `django==${'$'}{DJANGO_VERSION}`,
    [`unpinned django: its version ${'$'}{DJANGO_VERSION} comes from an environment variable`],
  ],
  [
    'shop-theme @ git+https://github.com/example/shop-theme@v1.2.0',
    [
      'unpinned shop-theme: a direct reference (git+https://github.com/example/shop-theme@v1.2.0), not a version',
    ],
  ],
  [
    'https://files.example.org/wheels/internal_tool-1.0-py3-none-any.whl',
    [
      'unpinned internal_tool: a URL or path (https://files.example.org/wheels/internal_tool-1.0-py3-none-any.whl), not a version',
    ],
  ],
  [
    'git+https://example.org/repo.git#egg=shop',
    ['unpinned shop: a URL or path (git+https://example.org/repo.git#egg=shop), not a version'],
  ],
  ['./libs/shop-core', ['unpinned -: a URL or path (./libs/shop-core), not a version']],
  ['-r base.txt', ['include base.txt']],
  ['-rbase.txt', ['include base.txt']],
  ['--requirement base.txt', ['include base.txt']],
  ['--requirement=base.txt', ['include base.txt']],
  ['-c constraints.txt', ['constraint constraints.txt']],
  ['-e ./libs/shop-core', ['editable ./libs/shop-core']],
  [
    '--editable=git+https://example.org/x.git#egg=x',
    ['editable git+https://example.org/x.git#egg=x'],
  ],
  ['-i https://pypi.org/simple', ['ignored']],
  ['--index-url https://pypi.org/simple --trusted-host pypi.example.org', ['ignored', 'ignored']],
  ['--no-index', ['ignored']],
  ['--frobnicate', ['unknown --frobnicate']],
  ['-r', ['invalid: -r needs a value']],
  ['apiVersion: v1', ['invalid: is neither a requirement nor an option: apiVersion: v1']],
  ['flask=3.0.3', ['invalid: is neither a requirement nor an option: flask=3.0.3']],
]

for (const [line, items] of CASES) {
  test(`${line} is read as ${items.join('; ')}`, () => {
    assert.deepEqual(parseRequirementLine(line).map(describe), items)
  })
}
