// biome-ignore-all lint/suspicious/noTemplateCurlyInString: the cases are files' own ${VARIABLES}, not templates
/**
 * Files written to hurt a reader: a megabyte on one line, runs that make a backtracking
 * expression or a rescanning loop quadratic, nesting past any real file. Each reader must come
 * back with what it could read (docs/cli.md, "compat scan"); a quadratic reader would not come
 * back from these within the test's time, so no clock is read here.
 */
import assert from 'node:assert/strict'
import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { test } from 'node:test'
import { tempDir } from '../../../test/support/temp-dir.ts'
import type { RepositoryFileReader } from './file-reading.ts'
import { jsonPointerLines } from './json-pointer-lines.ts'
import { readChart } from './read-chart.ts'
import { readCompose } from './read-compose.ts'
import { readDockerfile } from './read-dockerfile.ts'
import { readGithubWorkflow } from './read-github-workflow.ts'
import { readGitlabCi } from './read-gitlab-ci.ts'
import { readMiseToml } from './read-mise-toml.ts'
import { readPackageJson } from './read-package-json.ts'
import { readPyproject } from './read-pyproject.ts'
import { readRepository } from './read-repository.ts'
import { readToolVersions } from './read-tool-versions.ts'
import { readNodeVersionFile } from './read-version-file.ts'
import { tomlKeyLine } from './toml-key-line.ts'

const MB = 250_000
const NONE = { sibling: () => undefined }

// [reader, file, text]
const FILES: readonly (readonly [RepositoryFileReader, string, string])[] = [
  [readNodeVersionFile, '.nvmrc', `1${'.x'.repeat(MB / 2)}`],
  [readNodeVersionFile, '.nvmrc', '9'.repeat(MB)],
  [readToolVersions, '.tool-versions', `nodejs ${'1.'.repeat(MB / 2)}\n${' '.repeat(MB)}x`],
  [readDockerfile, 'Dockerfile', `FROM ${'${A:-'.repeat(MB / 6)}node`],
  [readDockerfile, 'Dockerfile', `ARG A=${'$'.repeat(MB)}\nFROM node:$A`],
  [readDockerfile, 'Dockerfile', `FROM node:${'1.'.repeat(MB / 2)}`],
  [readCompose, 'compose.yaml', `services:\n  a:\n    image: "${'${'.repeat(MB / 2)}"\n`],
  [
    readCompose,
    'compose.yaml',
    `services:\n${'  a: &a\n    image: node\n  b: *a\n'.repeat(1_000)}`,
  ],
  [readPackageJson, 'package.json', `{"engines":{"node":">=${'1.'.repeat(MB / 2)}"}}`],
  [readPackageJson, 'package.json', `${'['.repeat(MB / 10)}${']'.repeat(MB / 10)}`],
  [readPyproject, 'pyproject.toml', `[project]\nrequires-python = "${'>=3,'.repeat(MB / 8)}"\n`],
  [readMiseToml, 'mise.toml', `[tools]\n${'node = "20"\n'.repeat(10_000)}`],
  [readChart, 'Chart.yaml', `kubeVersion: "${'>= 1.2 '.repeat(MB / 8)}"\n`],
  [
    readGithubWorkflow,
    '.github/workflows/ci.yml',
    `jobs:\n  a:\n    steps:\n      - uses: actions/setup-node@v4\n        with:\n          node-version: "\${{ ${'matrix.'.repeat(MB / 14)} }}"\n`,
  ],
  [readGitlabCi, '.gitlab-ci.yml', `image: "${'$A'.repeat(MB / 4)}"\n`],
]

for (const [reader, file, text] of FILES) {
  test(`${file}: ${JSON.stringify(text.slice(0, 40))}… (${text.length} characters) is read without hanging`, () => {
    const { declarations, faults } = reader(text, file, NONE)
    assert.ok(Array.isArray(declarations) && Array.isArray(faults))
  })
}

test('a TOML key and a JSON pointer are found in one pass over a megabyte of lines', () => {
  assert.equal(tomlKeyLine(`${'"""\n'.repeat(MB / 4)}`, ['tools', 'node']), 1)
  assert.equal(jsonPointerLines(`{"a":${'"\\\\",'.repeat(MB / 4)}1}`, ['/b']).size, 0)
})

test('what a report shows of a hostile value is a line at most', async () => {
  const root = await tempDir('compat-hostile-')
  mkdirSync(join(root, 'a'))
  writeFileSync(join(root, 'a', '.nvmrc'), `v${'9'.repeat(10_000)}\n`)
  writeFileSync(join(root, 'a', 'Dockerfile'), `FROM node:${'x'.repeat(400)}\n`)
  const { declarations } = readRepository(root)
  assert.equal(declarations.length, 2)
  for (const declaration of declarations) {
    assert.ok(declaration.text.length <= 80, declaration.text)
    if ('unknown' in declaration.declared) assert.ok(declaration.declared.unknown.length <= 240)
  }
})
