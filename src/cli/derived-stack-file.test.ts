import assert from 'node:assert/strict'
import { readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { test } from 'node:test'
import { tempDir } from '../../test/support/temp-dir.ts'
import type { MergedComponent } from '../data/stack-files/merge-derived-stacks.ts'
import {
  type DerivedStackFile,
  derivedStackFileText,
  writeStackFile,
} from './derived-stack-file.ts'
import { readStackText } from './read-stack-file.ts'

const component = (
  project: string,
  version: string,
  packages: string[] = [],
  file = 'sbom.json',
): MergedComponent => ({
  project,
  version,
  packages,
  foundAt: [
    { file, name: project, location: '/components/0', by: packages.length > 0 ? 'purl' : 'name' },
  ],
})

const derived = (components: MergedComponent[]): DerivedStackFile => ({
  from: '--from sbom.json --from version.json',
  target: 'stack.yaml',
  today: '2026-11-28',
  data: 'the bundled data',
  files: [
    {
      file: 'sbom.json',
      derivedFrom: { format: 'cyclonedx', components: 812, matched: 2 },
      matches: [],
      unmatched: [],
      duplicates: [],
    },
  ],
  components,
})

// [case, components, what the stack file reader reads back, the versions left as comments]
const CASES: readonly (readonly [
  string,
  MergedComponent[],
  { name: string; version: string; packages: string[] }[],
  string[],
])[] = [
  [
    'short and long forms; a version YAML would read as a number stays text',
    [
      component('express', '4.21.0', ['express']),
      component('kubernetes', 'v1.30.4-eks-a0f0ba7'),
      component('postgresql', '1.30'),
      component('@scoped/odd name', '2.0', ['@scoped/odd name', 'it"s']),
    ],
    [
      { name: 'express', version: '4.21.0', packages: ['express'] },
      { name: 'kubernetes', version: 'v1.30.4-eks-a0f0ba7', packages: [] },
      { name: 'postgresql', version: '1.30', packages: [] },
      { name: '@scoped/odd name', version: '2.0', packages: ['@scoped/odd name', 'it"s'] },
    ],
    [],
  ],
  [
    'a version the stack file format does not read is a comment, not a fault',
    [component('nginx', 'latest'), component('redis', '7.4.1', [], 'a\nfile.json')],
    [{ name: 'redis', version: '7.4.1', packages: [] }],
    ['nginx latest'],
  ],
]

for (const [name, components, readBack, left] of CASES) {
  test(`derivedStackFileText: ${name}`, () => {
    const written = derivedStackFileText(derived(components))
    const read = readStackText('stack.yaml', written.text)
    assert.ok('components' in read, JSON.stringify(read))
    assert.deepEqual(read.components, readBack)
    assert.deepEqual(written.left, left)
    assert.equal(written.written, readBack.length)
  })
}

test('derivedStackFileText: a header saying where it came from, each component where it was found', () => {
  const { text } = derivedStackFileText(
    derived([component('express', '4.21.0', ['express']), component('nodejs', '20.17.0')]),
  )
  assert.equal(
    text,
    `# Derived by \`compat stack --from sbom.json --from version.json --write stack.yaml\` on 2026-11-28,
# matched against the bundled data:
#   sbom.json: CycloneDX JSON, 812 components, 2 matched
# Each component below is a catalogued project (by its id) at the version the files name,
# with where it was found beside it. What matched no catalogued project is not here; see it
# with \`compat stack --from sbom.json --from version.json\`.
# Check this file with \`compat stack stack.yaml\` (docs/cli.md, "Stack files").
components:
  express:  # sbom.json /components/0: express, by purl
    version: "4.21.0"
    packages: ["express"]
  nodejs: "20.17.0"  # sbom.json /components/0: nodejs, by name
`,
  )
})

test('writeStackFile: refuses to replace a file unless forced, and leaves it as it was', async () => {
  const dir = await tempDir('compat-write-')
  const path = join(dir, 'stack.yaml')
  await writeStackFile(path, 'stack.yaml', 'components:\n  a: 1\n', false)
  await assert.rejects(writeStackFile(path, 'stack.yaml', 'components:\n  b: 2\n', false), {
    name: 'CliError',
    message:
      'stack.yaml exists; give --force to replace it, or --write another path (nothing written)',
  })
  assert.equal(await readFile(path, 'utf8'), 'components:\n  a: 1\n')
  await writeStackFile(path, 'stack.yaml', 'components:\n  b: 2\n', true)
  assert.equal(await readFile(path, 'utf8'), 'components:\n  b: 2\n')
  await writeFile(join(dir, 'x'), '')
  await assert.rejects(writeStackFile(join(dir, 'x', 'y.yaml'), 'x/y.yaml', '', true), {
    message: /^cannot write x\/y.yaml: /,
  })
})
