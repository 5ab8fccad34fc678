/**
 * The commit of endoflife.date's repository each product file is cited at. A citation names a
 * commit, so where a repository is at hand the file read must be the very file committed there:
 * a file with uncommitted changes, or another copy than the commit's, is refused rather than
 * cited to a commit that does not hold it. In order:
 *
 * 1. `--git-dir DIR`: every file is checked against `products/<slug>.md` in that repository, at
 *    `--commit` or its HEAD (a bare mirror and a copy of its products/ directory, for example).
 * 2. A file at `products/<slug>.md` of a git work tree: checked against that repository, at
 *    `--commit` or its HEAD.
 * 3. Otherwise `--commit SHA`, all 40 characters, is taken at the user's word: nothing here can
 *    check it.
 */
import { execFile } from 'node:child_process'
import { createHash } from 'node:crypto'
import { existsSync } from 'node:fs'
import { basename, dirname, join, relative, sep } from 'node:path'
import { promisify } from 'node:util'

const run = promisify(execFile)

const FULL_COMMIT = /^[0-9a-f]{40}(?:[0-9a-f]{24})?$/

export interface ProductFileBytes {
  readonly file: string
  readonly bytes: Uint8Array
}

export interface CommitOptions {
  /** `--commit`: a commit of the repository, or the commit a copy was taken from. */
  readonly commit: string | null
  /** `--git-dir`: the repository to check the files against. */
  readonly gitDir: string | null
}

export interface ProductCommits {
  /** The full commit each file is cited at, by file. */
  readonly commits: ReadonlyMap<string, string>
  /** Files that cannot be cited, and why. */
  readonly faults: readonly { readonly file: string; readonly message: string }[]
}

/** A repository's files under products/ at one commit: their blob ids by name. */
interface CommittedProducts {
  readonly commit: string
  readonly blobs: ReadonlyMap<string, string>
}

export async function productFileCommits(
  files: readonly ProductFileBytes[],
  options: CommitOptions,
): Promise<ProductCommits> {
  const commits = new Map<string, string>()
  const faults: { file: string; message: string }[] = []
  const repositories = new Map<string, Promise<CommittedProducts | string>>()
  const committedIn = (gitArgs: readonly string[], label: string) => {
    const key = gitArgs.join('\0')
    let read = repositories.get(key)
    if (read === undefined) {
      read = committedProducts(gitArgs, options.commit, label)
      repositories.set(key, read)
    }
    return read
  }
  for (const { file, bytes } of files) {
    const name = basename(file)
    const root = options.gitDir === null ? checkoutRoot(file) : null
    const gitArgs =
      options.gitDir !== null
        ? [`--git-dir=${options.gitDir}`]
        : root === null
          ? null
          : ['-C', root]
    if (gitArgs === null) {
      if (options.commit === null) {
        faults.push({
          file,
          message: `not in a checkout of endoflife.date (a git work tree with the file at products/${name}), so nothing says which commit it is from; pass --commit SHA (the commit it was copied from) or --git-dir DIR (a clone to check it against)`,
        })
      } else if (!FULL_COMMIT.test(options.commit)) {
        faults.push({
          file,
          message: `--commit '${options.commit}' must be a full commit id (40 hexadecimal digits) when no repository is at hand to resolve it`,
        })
      } else commits.set(file, options.commit)
      continue
    }
    const label =
      options.gitDir === null ? `the checkout at ${root}` : `--git-dir ${options.gitDir}`
    const committed = await committedIn(gitArgs, label)
    if (typeof committed === 'string') {
      faults.push({ file, message: committed })
      continue
    }
    const blob = committed.blobs.get(name)
    const at = `products/${name} at ${committed.commit.slice(0, 7)} in ${label}`
    if (blob === undefined) faults.push({ file, message: `there is no ${at}` })
    else if (blobId(bytes, blob.length) !== blob) {
      faults.push({
        file,
        message: `it differs from ${at}; cite only what is committed (commit or undo the change, or pass the --commit it was copied from)`,
      })
    } else commits.set(file, committed.commit)
  }
  return { commits, faults }
}

/** The work tree root above `file` when the file is its `products/<name>`; else null. */
function checkoutRoot(file: string): string | null {
  for (let dir = dirname(file); ; dir = dirname(dir)) {
    if (existsSync(join(dir, '.git'))) {
      return relative(dir, file).split(sep).join('/') === `products/${basename(file)}` ? dir : null
    }
    if (dirname(dir) === dir) return null
  }
}

async function committedProducts(
  gitArgs: readonly string[],
  commit: string | null,
  label: string,
): Promise<CommittedProducts | string> {
  const git = (...args: string[]) => run('git', [...gitArgs, ...args])
  let full: string
  try {
    const { stdout } = await git('rev-parse', '--verify', '--quiet', `${commit ?? 'HEAD'}^{commit}`)
    full = stdout.trim()
  } catch (error) {
    return gitFault(error, `${label} has no commit ${commit ?? 'HEAD'}`)
  }
  try {
    const { stdout } = await git('ls-tree', '-z', full, 'products/')
    const blobs = new Map<string, string>()
    for (const record of stdout.split('\0')) {
      // <mode> SP <type> SP <object> TAB <path>
      const match = /^\d+ blob ([0-9a-f]+)\tproducts\/([^/]+)$/.exec(record)
      if (match?.[1] !== undefined && match[2] !== undefined) blobs.set(match[2], match[1])
    }
    return { commit: full, blobs }
  } catch (error) {
    return gitFault(error, `cannot list products/ at ${full.slice(0, 7)} in ${label}`)
  }
}

function gitFault(error: unknown, message: string): string {
  return (error as NodeJS.ErrnoException).code === 'ENOENT'
    ? 'git is not installed, and it is needed to read the commit of a repository'
    : message
}

/** Git's id of a file's content: SHA-1, or SHA-256 in a repository that uses it. */
function blobId(bytes: Uint8Array, length: number): string {
  return createHash(length === 64 ? 'sha256' : 'sha1')
    .update(`blob ${bytes.length}\0`)
    .update(bytes)
    .digest('hex')
}
