import assert from 'node:assert/strict'
import { execFileSync } from 'node:child_process'
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { after, before, test } from 'node:test'
import { fileURLToPath } from 'node:url'
import { type CommitOptions, productFileCommits } from './product-file-commits.ts'

const KUBERNETES = '---\npermalink: /kubernetes\nreleases: []\n---\n'
const SNAPSHOT = 'a70eca337600e7d721dc48112c271f98661d208b'
const FIXTURE = fileURLToPath(
  new URL('../../../test/fixtures/endoflife/products/kubernetes.md', import.meta.url),
)

let root: string
let checkout: string
let head: string
let copy: string

before(() => {
  root = mkdtempSync(join(tmpdir(), 'compat-eol-git-'))
  checkout = join(root, 'endoflife.date')
  mkdirSync(join(checkout, 'products'), { recursive: true })
  writeFileSync(join(checkout, 'products', 'kubernetes.md'), KUBERNETES)
  writeFileSync(join(checkout, 'products', 'django.md'), KUBERNETES.replace('kubernetes', 'django'))
  const git = (...args: string[]) =>
    execFileSync(
      'git',
      ['-C', checkout, '-c', 'user.name=t', '-c', 'user.email=t@example.org', ...args],
      {
        encoding: 'utf8',
      },
    )
  git('init', '--quiet')
  git('add', '.')
  git('commit', '--quiet', '-m', 'products')
  head = git('rev-parse', 'HEAD').trim()
  // A copy of products/ outside any work tree, as one extracted from a mirror.
  copy = join(root, 'copy')
  mkdirSync(copy)
  writeFileSync(join(copy, 'kubernetes.md'), KUBERNETES)
  writeFileSync(join(copy, 'changed.md'), KUBERNETES)
})
after(() => rmSync(root, { recursive: true, force: true }))

/** Each file's commit, or `fault: why`, in a line. */
async function summary(files: string[], options: Partial<CommitOptions>): Promise<string[]> {
  const read = files.map((file) => ({ file, bytes: readFileSync(file) }))
  const cited = await productFileCommits(read, { commit: null, gitDir: null, ...options })
  return [
    ...[...cited.commits].map(
      ([file, commit]) => `${file.replace(root, '')} at ${commit === head ? 'HEAD' : commit}`,
    ),
    ...cited.faults.map(
      ({ file, message }) =>
        `${file.replace(root, '')}: ${message.replaceAll(root, '').replaceAll(head.slice(0, 7), 'HEAD')}`,
    ),
  ]
}

test('a file of a clean checkout is cited at its HEAD', async () => {
  assert.deepEqual(await summary([join(checkout, 'products', 'kubernetes.md')], {}), [
    '/endoflife.date/products/kubernetes.md at HEAD',
  ])
})

test('--commit names another commit of the checkout; it must hold the file as read', async () => {
  assert.deepEqual(
    await summary([join(checkout, 'products', 'kubernetes.md')], { commit: head.slice(0, 10) }),
    ['/endoflife.date/products/kubernetes.md at HEAD'],
  )
  assert.deepEqual(await summary([join(checkout, 'products', 'kubernetes.md')], { commit: 'v9' }), [
    '/endoflife.date/products/kubernetes.md: the checkout at /endoflife.date has no commit v9',
  ])
})

test('a file changed since the commit is not cited to it', async () => {
  const file = join(checkout, 'products', 'django.md')
  writeFileSync(file, `${readFileSync(file, 'utf8')}changed\n`)
  assert.deepEqual(await summary([file], {}), [
    '/endoflife.date/products/django.md: it differs from products/django.md at HEAD in the checkout at /endoflife.date; cite only what is committed (commit or undo the change, or pass the --commit it was copied from)',
  ])
})

test('--git-dir checks a copy against the repository', async () => {
  const gitDir = join(checkout, '.git')
  writeFileSync(join(copy, 'changed.md'), 'not what was committed\n')
  assert.deepEqual(
    await summary([join(copy, 'kubernetes.md'), join(copy, 'changed.md')], { gitDir }),
    [
      '/copy/kubernetes.md at HEAD',
      '/copy/changed.md: there is no products/changed.md at HEAD in --git-dir /endoflife.date/.git',
    ],
  )
})

test("outside a checkout, the commit is --commit, all of it, taken at the user's word", async () => {
  const file = join(copy, 'kubernetes.md')
  assert.deepEqual(await summary([file], {}), [
    '/copy/kubernetes.md: not in a checkout of endoflife.date (a git work tree with the file at products/kubernetes.md), so nothing says which commit it is from; pass --commit SHA (the commit it was copied from) or --git-dir DIR (a clone to check it against)',
  ])
  assert.deepEqual(await summary([file], { commit: 'a70eca3' }), [
    "/copy/kubernetes.md: --commit 'a70eca3' must be a full commit id (40 hexadecimal digits) when no repository is at hand to resolve it",
  ])
  assert.deepEqual(await summary([file], { commit: SNAPSHOT }), [
    `/copy/kubernetes.md at ${SNAPSHOT}`,
  ])
})

test("a file in another repository's work tree, not at its products/, is not in a checkout", async () => {
  // The fixtures are inside compat's own work tree: its HEAD is no endoflife.date commit.
  assert.deepEqual(await summary([FIXTURE], { commit: SNAPSHOT }), [`${FIXTURE} at ${SNAPSHOT}`])
})
