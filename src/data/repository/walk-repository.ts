/**
 * The files of a repository a scan reads (docs/cli.md, "compat scan"): a walk of the folder
 * that never enters `.git`, `node_modules` or a vendored folder, skips what the repository's
 * `.gitignore` files (and `.git/info/exclude`) ignore — matched by the `ignore` package, as git
 * matches them, a deeper file's rules over a shallower's — and keeps the files of a kind
 * `fileKindOf` knows. A symbolic link is followed only to a regular file inside the folder;
 * a linked folder is not entered (its files are reached where they are, and a loop cannot be).
 */
import { type Dirent, readdirSync, realpathSync, statSync } from 'node:fs'
import { join, sep } from 'node:path'
import ignore, { type Ignore } from 'ignore'
import { type FileKind, fileKindOf } from './file-kinds.ts'
import { readBoundedFile } from './read-bounded-file.ts'

/** Folders never entered: version control, installed packages, vendored code, virtualenvs. */
export const SKIPPED_FOLDERS: ReadonlySet<string> = new Set([
  '.git',
  '.hg',
  '.svn',
  'node_modules',
  'bower_components',
  'jspm_packages',
  'vendor',
  'third_party',
  '.venv',
  'venv',
  '.tox',
  '.nox',
  '__pypackages__',
  'site-packages',
  '.yarn',
])

/** Deeper than any real repository's tree: a walk stops there, and says so. */
export const MAX_DEPTH = 64

export interface WalkedFile {
  /** Relative to the scanned folder, with `/`. */
  readonly path: string
  /** What to open: the file itself, or the file inside the folder a link leads to. */
  readonly absolute: string
  readonly kind: FileKind
}

export interface Walk {
  /** In path order. */
  readonly files: readonly WalkedFile[]
  /** Paths not walked or not read, with why (a link out of the folder, a folder too deep). */
  readonly skipped: readonly { readonly path: string; readonly reason: string }[]
  /** Every file walked past, read or not. */
  readonly seen: number
}

interface Rules {
  /** The folder the rules are in, relative, with a trailing `/` (`''` at the top). */
  readonly base: string
  readonly rules: Ignore
}

/** @example walkRepository('/work/repo').files.map((file) => file.path) // ['.nvmrc', 'Dockerfile', …] */
export function walkRepository(root: string): Walk {
  const rootReal = realpathSync(root)
  const files: WalkedFile[] = []
  const skipped: { path: string; reason: string }[] = []
  let seen = 0
  const top: Rules[] = []
  const exclude = readRules(join(root, '.git', 'info', 'exclude'), '')
  if (exclude !== null) top.push(exclude)

  const visit = (folder: string, relative: string, inherited: readonly Rules[], depth: number) => {
    let entries: Dirent[]
    try {
      entries = readdirSync(folder, { withFileTypes: true })
    } catch (error) {
      skipped.push({
        path: relative || '.',
        reason: `cannot be listed (${(error as NodeJS.ErrnoException).code ?? 'error'})`,
      })
      return
    }
    const own = entries.some((entry) => entry.name === '.gitignore' && !entry.isDirectory())
      ? readRules(join(folder, '.gitignore'), relative)
      : null
    const rules = own === null ? inherited : [...inherited, own]
    entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))
    for (const entry of entries) {
      const path = `${relative}${entry.name}`
      if (entry.isDirectory()) {
        if (SKIPPED_FOLDERS.has(entry.name) || isIgnored(rules, `${path}/`)) continue
        if (depth >= MAX_DEPTH) {
          skipped.push({ path, reason: `deeper than ${MAX_DEPTH} folders: not walked` })
          continue
        }
        visit(join(folder, entry.name), `${path}/`, rules, depth + 1)
        continue
      }
      seen++
      const kind = fileKindOf(path)
      if (kind === null || isIgnored(rules, path)) continue
      const absolute = join(folder, entry.name)
      if (entry.isSymbolicLink()) {
        const target = linkedFile(absolute, rootReal)
        if (typeof target !== 'string') {
          skipped.push({ path, reason: target.refused })
          continue
        }
        files.push({ path, absolute: target, kind })
      } else if (entry.isFile()) files.push({ path, absolute, kind })
      else skipped.push({ path, reason: 'not a regular file' })
    }
  }
  visit(root, '', top, 0)
  return { files, skipped, seen }
}

function isIgnored(rules: readonly Rules[], path: string): boolean {
  let ignored = false
  for (const { base, rules: matcher } of rules) {
    if (!path.startsWith(base)) continue
    let result: { ignored: boolean; unignored: boolean }
    try {
      result = matcher.test(path.slice(base.length))
    } catch {
      // A name the matcher cannot take as a relative path: no rule can name it either.
      continue
    }
    if (result.ignored) ignored = true
    else if (result.unignored) ignored = false
  }
  return ignored
}

function readRules(file: string, base: string): Rules | null {
  const read = readBoundedFile(file)
  if (!('text' in read)) return null
  return { base, rules: ignore().add(read.text) }
}

/** The real path of a linked file inside the folder, or why the link is not followed. */
function linkedFile(link: string, rootReal: string): string | { refused: string } {
  let real: string
  try {
    real = realpathSync(link)
  } catch {
    return { refused: 'a symbolic link that leads nowhere' }
  }
  if (!real.startsWith(rootReal + sep))
    return { refused: 'a symbolic link out of the scanned folder: not followed' }
  try {
    if (!statSync(real).isFile())
      return { refused: 'a symbolic link to something other than a file: not followed' }
  } catch {
    return { refused: 'a symbolic link that leads nowhere' }
  }
  return real
}
