import assert from 'node:assert/strict'
import { test } from 'node:test'
import { REPO_ROOT, runCompatInProcess } from '../../test/support/run-compat.ts'
import { readStackText } from './read-stack-file.ts'

test('a stack file: names and versions in order, numbers kept as written, packages', () => {
  const read = readStackText(
    'stack.yaml',
    [
      '# my cluster',
      'components:',
      '  kubernetes: 1.30',
      '  cnpg: v1.27.1',
      '  postgresql:',
      '    version: "17.2"',
      '    packages: [ghcr.io/cloudnative-pg/postgresql]',
      '  "10": 16',
      '',
    ].join('\n'),
  )
  assert.deepEqual(read, {
    components: [
      { name: 'kubernetes', version: '1.30', packages: [] },
      { name: 'cnpg', version: 'v1.27.1', packages: [] },
      { name: 'postgresql', version: '17.2', packages: ['ghcr.io/cloudnative-pg/postgresql'] },
      { name: '10', version: '16', packages: [] },
    ],
  })
})

// [text, every fault as "line:column: part of the message"]
const FAULTS: readonly (readonly [string, string[]])[] = [
  ['', ['1:1: a stack file is a mapping']],
  ['- kubernetes', ['1:1: a stack file is a mapping']],
  ['kubernetes: 1.33', ['1:1: unknown field "kubernetes"', '1:1: components is missing']],
  ['components: {}', ['1:13: components must hold 1 to 32 components; it holds 0']],
  ['components: [a]', ['1:13: components must be a mapping']],
  ['components:\n  a: 1\n  a: 2', ['3:3: Map keys must be unique']],
  [
    'components:\n  a: latest\n  b: true\n  c:',
    [
      "2:6: a: 'latest' is not a recognizable version",
      '3:6: b: the version must be a version',
      '4:5: c: the version must be a version',
    ],
  ],
  [
    'components:\n  a: {version: 1.2, extra: x}\n  b: {packages: [p]}',
    ['2:21: a: unknown field "extra"', '3:6: b: version is missing'],
  ],
  [
    'components:\n  a: {version: 1.2, packages: p}\n  b: {version: 1.2, packages: [""]}',
    ['2:31: a.packages must be a list', '3:32: b.packages: each package name'],
  ],
  ['components:\n  a: 1\nextra: 2', ['3:1: unknown field "extra"']],
  ['components: {"": 1}', ['1:14: component name must not be empty']],
  ['components:\n  [a]: 1', ['2:3: a component name must be a plain name']],
  ['components: : :', ['1:13: Nested mappings', '1:15: Nested mappings']],
]

for (const [text, faults] of FAULTS) {
  test(`stack file faults: ${JSON.stringify(text).slice(0, 50)}`, () => {
    const read = readStackText('stack.yaml', text)
    assert.ok('faults' in read, JSON.stringify(read))
    const described = read.faults.map((fault) => `${fault.line}:${fault.column}: ${fault.message}`)
    assert.equal(described.length, faults.length, described.join('\n'))
    faults.forEach((expected, index) => {
      assert.ok(
        described[index]?.startsWith(expected),
        `${described[index]} should start with ${expected}`,
      )
    })
  })
}

test('a stack file of 33 components is refused', () => {
  const lines = ['components:', ...Array.from({ length: 33 }, (_, index) => `  c${index}: 1.0`)]
  const read = readStackText('stack.yaml', lines.join('\n'))
  assert.ok('faults' in read)
  assert.match(read.faults[0]?.message ?? '', /1 to 32 components; it holds 33/)
})

// [command line, what it says]: a file to derive a stack from, given as the stack file, says
// to give it with --from; the reverse says where a stack file goes.
const MISGIVEN: readonly (readonly [string[], string])[] = [
  [
    ['stack', 'cyclonedx-1.5/npm-sbom.cdx.json'],
    'compat stack: cyclonedx-1.5/npm-sbom.cdx.json is a CycloneDX SBOM, not a stack file (docs/cli.md, "Stack files"): give it with --from, as in compat stack --from cyclonedx-1.5/npm-sbom.cdx.json\n',
  ],
  [
    ['plan', 'helm-list/helm-list.json', '--target', 'kubernetes=1.34'],
    'compat plan: helm-list/helm-list.json is the output of helm list -o json, not a stack file (docs/cli.md, "Stack files"): give it with --from, as in compat plan --from helm-list/helm-list.json --target NAME=VERSION\n',
  ],
  [
    ['stack', '--from', '../../../docs/examples/stack.yaml'],
    `compat stack: ${REPO_ROOT}docs/examples/stack.yaml is a compat stack file, which names the stack itself: give it as the stack file (compat stack FILE, compat plan FILE), not as a file to derive a stack from\n`,
  ],
]

for (const [args, says] of MISGIVEN) {
  test(`compat ${args.join(' ')}: says what to give instead, exit 3`, async () => {
    const run = await runCompatInProcess(args, { cwd: `${REPO_ROOT}test/fixtures/stack-files` })
    assert.equal(run.code, 3)
    assert.equal(run.stderr, says)
  })
}
