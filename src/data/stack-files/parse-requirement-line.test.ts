import assert from 'node:assert/strict'
import { test } from 'node:test'
import fc from 'fast-check'
import { countRegExpCalls } from '../../../test/support/count-regexp-calls.ts'
import { excerpt } from '../../core/text/excerpt.ts'
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
  ['-i https://index.example.org/simple', ['ignored']],
  [
    '--index-url https://index.example.org/simple --trusted-host pypi.example.org',
    ['ignored', 'ignored'],
  ],
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

/**
 * The reading this module replaced, with regular expressions (quotes cut by `excerpt` as the
 * module now cuts them): the oracle for the one-pass reading.
 */
function byExpressions(line: string): RequirementLineItem[] {
  const NAME = /^([A-Za-z0-9](?:[A-Za-z0-9._-]*[A-Za-z0-9])?)\s*(?:\[[^\]]*\])?\s*/
  const CLAUSE = /^\s*(===|==|!=|~=|<=|>=|<|>)\s*([A-Za-z0-9._*+!-]+|\$\{[A-Z0-9_]+\}[^\s,]*)\s*$/
  const URL = /^[A-Za-z][A-Za-z0-9+.-]*:\/\//
  const ARCHIVE = /\.(?:whl|tar\.gz|tgz|tar\.bz2|zip)$/i
  const EGG = /#egg=([A-Za-z0-9][A-Za-z0-9._-]*)/
  const WHEEL = /(?:^|\/)([A-Za-z0-9][A-Za-z0-9._]*)-[^-/]+-[^/]*\.whl$/i
  const reference = (text: string): RequirementLineItem => {
    const name = EGG.exec(text)?.[1] ?? WHEEL.exec(text)?.[1]
    return {
      kind: 'unpinned',
      ...(name === undefined ? {} : { name }),
      reason: `a URL or path (${excerpt(text)}), not a version`,
    }
  }
  const invalid = (text: string): RequirementLineItem => ({
    kind: 'invalid',
    reason: `is neither a requirement nor an option: ${excerpt(text)}`,
  })
  const words = line.split(' ')
  const firstOption = words.findIndex((word) => word.startsWith('-'))
  const text = (firstOption === -1 ? words : words.slice(0, firstOption)).join(' ').trim()
  if (text === '') return parseRequirementLine(line)
  if (URL.test(text) || /^[./~\\]/.test(text)) return [reference(text)]
  const name = NAME.exec(text)
  if (name === null) return [invalid(text)]
  const rest = text.slice(name[0].length)
  const semicolon = rest.indexOf(';')
  const specifier = (semicolon === -1 ? rest : rest.slice(0, semicolon)).trim()
  const marker = semicolon === -1 ? '' : rest.slice(semicolon + 1).trim()
  const projectName = name[1] as string
  if (specifier === '') return [{ kind: 'unpinned', name: projectName, reason: 'no version given' }]
  if (specifier.startsWith('@'))
    return [
      {
        kind: 'unpinned',
        name: projectName,
        reason: `a direct reference (${excerpt(specifier.slice(1).trim())}), not a version`,
      },
    ]
  const parsed = specifier
    .replace(/^\((.*)\)$/, '$1')
    .split(',')
    .map((clause) => CLAUSE.exec(clause))
  if (parsed.some((clause) => clause === null))
    return [/[/\\]/.test(text) || ARCHIVE.test(text) ? reference(text) : invalid(text)]
  const pin = parsed.find(
    (clause) => clause?.[1] === '===' || (clause?.[1] === '==' && !clause[2]?.includes('*')),
  )
  if (pin === undefined || pin === null)
    return [
      { kind: 'unpinned', name: projectName, reason: `no exact version: ${excerpt(specifier)}` },
    ]
  const version = pin[2] as string
  if (version.includes('${'))
    return [
      {
        kind: 'unpinned',
        name: projectName,
        reason: `its version ${excerpt(version)} comes from an environment variable`,
      },
    ]
  return [{ kind: 'pinned', name: projectName, version, ...(marker === '' ? {} : { marker }) }]
}

const LINE_PIECES = [
  'flask',
  'a',
  'A_1',
  '.',
  '-',
  '_',
  '==',
  '===',
  '>=',
  '<',
  '!=',
  '~=',
  '=',
  ',',
  ' ',
  '\t',
  '(',
  ')',
  '[',
  ']',
  ';',
  '@',
  '/',
  '\\',
  '~',
  '#egg=',
  '.whl',
  '.WHL',
  '.tar.gz',
  '*',
  '!',
  '+',
  `${'$'}{A_1}`,
  '${',
  '}',
  'git+https://',
  '1.0',
  'x-1.0-py3',
  '-r',
  '--hash=x',
]

test('the one-pass reading reads every line as the regular expressions did', () => {
  fc.assert(
    fc.property(fc.array(fc.constantFrom(...LINE_PIECES), { maxLength: 16 }), (pieces) => {
      const line = pieces.join('')
      assert.deepEqual(parseRequirementLine(line), byExpressions(line))
    }),
    { numRuns: 10_000 },
  )
})

test('a long line is quoted by its first 80 characters, control characters escaped', () => {
  const line = `\u001b]0;owned\u0007${'x'.repeat(100_000)}:`
  const [item] = parseRequirementLine(line)
  assert.equal(
    item?.kind === 'invalid' ? item.reason : item?.kind,
    `is neither a requirement nor an option: \\u001b]0;owned\\u0007${'x'.repeat(70)}…`,
  )
})

test('reading reads no regular expression: every step is a pass over the line', () => {
  const calls = countRegExpCalls(() => {
    for (const [line] of CASES) parseRequirementLine(line)
  })
  assert.equal(calls, 0)
})
