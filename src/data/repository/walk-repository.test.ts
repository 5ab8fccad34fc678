import assert from 'node:assert/strict'
import { execFileSync } from 'node:child_process'
import { mkdirSync, symlinkSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { test } from 'node:test'
import { tempDir } from '../../../test/support/temp-dir.ts'
import { walkRepository } from './walk-repository.ts'

async function repository(files: Record<string, string>): Promise<string> {
  const root = await tempDir('compat-walk-')
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true })
    writeFileSync(join(root, path), text)
  }
  return root
}

test('never .git, node_modules or vendored folders; what .gitignore files ignore, a deeper one over a shallower', async () => {
  const root = await repository({
    '.git/info/exclude': 'local/\n',
    '.git/Dockerfile': 'FROM node:10\n',
    '.gitignore': 'build/\n*.local.yml\n!keep.local.yml\n/top-only.Dockerfile\n',
    Dockerfile: 'FROM node:22\n',
    'top-only.Dockerfile': 'FROM node:10\n',
    'node_modules/left-pad/package.json': '{}',
    'packages/a/node_modules/x/Dockerfile': 'FROM node:10\n',
    'vendor/github.com/x/Dockerfile': 'FROM golang:1.12\n',
    '.venv/lib/pyproject.toml': '',
    'build/Dockerfile': 'FROM node:10\n',
    'local/Dockerfile': 'FROM node:10\n',
    'compose.local.yml': '',
    'keep.local.yml': '',
    'docker-compose.local.yml': '',
    'services/api/.gitignore': 'Dockerfile.dev\n!../../build/\n',
    'services/api/Dockerfile': 'FROM python:3.12\n',
    'services/api/Dockerfile.dev': 'FROM python:3.8\n',
    'services/api/sub/top-only.Dockerfile': 'FROM node:22\n',
    'services/web/.gitignore': '!*.local.yml\n',
    'services/web/compose.local.yml': '',
    '.github/workflows/ci.yml': '',
    'README.md': '',
  })
  const walk = walkRepository(root)
  assert.deepEqual(
    walk.files.map((file) => `${file.path} ${file.kind.name}`),
    [
      '.github/workflows/ci.yml github-workflow',
      'Dockerfile dockerfile',
      'services/api/Dockerfile dockerfile',
      'services/api/sub/top-only.Dockerfile dockerfile',
      'services/web/compose.local.yml compose',
    ],
  )
  assert.deepEqual(walk.skipped, [])
})

test('a link is followed only to a regular file inside the folder; a linked folder is not entered', async () => {
  const outside = await repository({
    Dockerfile: 'FROM node:10\n',
    'more/Dockerfile': 'FROM node:10\n',
  })
  const root = await repository({ 'real/Dockerfile': 'FROM node:22\n' })
  symlinkSync(join(root, 'real', 'Dockerfile'), join(root, 'Dockerfile'))
  symlinkSync(join(outside, 'Dockerfile'), join(root, 'Containerfile'))
  symlinkSync(join(outside, 'more'), join(root, 'more'))
  symlinkSync(join(root, 'real'), join(root, 'loop'))
  symlinkSync(join(root, 'nowhere'), join(root, 'Dockerfile.gone'))
  const walk = walkRepository(root)
  assert.deepEqual(
    walk.files.map((file) => [file.path, file.absolute]),
    [
      ['Dockerfile', join(root, 'real', 'Dockerfile')],
      ['real/Dockerfile', join(root, 'real', 'Dockerfile')],
    ],
  )
  assert.deepEqual(walk.skipped, [
    { path: 'Containerfile', reason: 'a symbolic link out of the scanned folder: not followed' },
    { path: 'Dockerfile.gone', reason: 'a symbolic link that leads nowhere' },
  ])
})

test('a FIFO named like a Dockerfile is listed as not read, never opened', async (t) => {
  const root = await repository({})
  try {
    execFileSync('mkfifo', [join(root, 'Dockerfile')])
  } catch {
    t.skip('mkfifo is not available')
    return
  }
  const walk = walkRepository(root)
  assert.deepEqual(walk.files, [])
  assert.deepEqual(walk.skipped, [{ path: 'Dockerfile', reason: 'not a regular file' }])
})
