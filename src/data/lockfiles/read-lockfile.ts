/**
 * Reads a lockfile of any format this folder knows (docs/api.md, "Readiness"), told by its
 * file name when it has the one its tool writes, else by its content: package-lock.json and
 * npm-shrinkwrap.json (lockfileVersion 2, 3), pnpm-lock.yaml (9), poetry.lock, uv.lock,
 * pylock.toml. `lockfileFormatOf` answers null for any other file.
 */
import { parseStackJson } from '../stack-files/parse-stack-json.ts'
import type { LockfileFormat, ReadLockfile } from './lockfile.ts'
import { readNpmLockfile } from './read-npm-lockfile.ts'
import { readPnpmLock } from './read-pnpm-lock.ts'
import { readPoetryLock } from './read-poetry-lock.ts'
import { readPylock } from './read-pylock.ts'
import { readUvLock } from './read-uv-lock.ts'

const FILE_NAMES: Readonly<Record<string, LockfileFormat>> = {
  'package-lock.json': 'package-lock',
  'npm-shrinkwrap.json': 'package-lock',
  'pnpm-lock.yaml': 'pnpm-lock',
  'poetry.lock': 'poetry-lock',
  'uv.lock': 'uv-lock',
  'pylock.toml': 'pylock',
}

// How far into a file its kind shows: the first lines say it for every format here.
const SNIFFED_LINES = 64

/**
 * @param name the file's name (a path is fine), when it has one
 * @example lockfileFormatOf('', 'app/pylock.dev.toml') // 'pylock'
 */
export function lockfileFormatOf(text: string, name?: string): LockfileFormat | null {
  const base = name?.split(/[\\/]/).pop()?.toLowerCase()
  if (base !== undefined) {
    if (Object.hasOwn(FILE_NAMES, base)) return FILE_NAMES[base] as LockfileFormat
    if (base.startsWith('pylock.') && base.endsWith('.toml')) return 'pylock'
  }
  return formatOfContent(text)
}

export interface ReadOptions {
  /**
   * Find each entry's line (default true); readiness, which answers with pointers, skips it:
   * in a package-lock.json of thousands of entries it is a good part of the reading.
   */
  readonly lines?: boolean
}

/** @example readLockfile(text, 'pnpm-lock.yaml') */
export function readLockfile(
  text: string,
  name?: string,
  { lines = true }: ReadOptions = {},
): ReadLockfile {
  const content = text.replace(/^\uFEFF/, '')
  const format = lockfileFormatOf(content, name)
  switch (format) {
    case 'package-lock': {
      const parsed = parseLockfileJson(content)
      return parsed.ok
        ? readNpmLockfile(parsed.value, lines ? content : undefined)
        : { ok: false, format, faults: [parsed.fault] }
    }
    case 'pnpm-lock':
      return readPnpmLock(content)
    case 'poetry-lock':
      return readPoetryLock(content)
    case 'uv-lock':
      return readUvLock(content)
    case 'pylock':
      return readPylock(content)
    default:
      return {
        ok: false,
        format: null,
        faults: [
          {
            reason:
              'is no lockfile compat reads (package-lock.json or npm-shrinkwrap.json 2 or 3, pnpm-lock.yaml 9, poetry.lock, uv.lock, pylock.toml)',
            location: '',
          },
        ],
      }
  }
}

/**
 * The engine's JSON.parse first: a lockfile of megabytes reads several times faster than with
 * the order-keeping parser, and npm writes neither a key twice nor one an index (the order
 * JSON.parse would change). Only a file it refuses goes to that parser, which locates the fault.
 */
function parseLockfileJson(text: string): ReturnType<typeof parseStackJson> {
  try {
    return { ok: true, value: JSON.parse(text) as unknown }
  } catch {
    return parseStackJson(text)
  }
}

function formatOfContent(text: string): LockfileFormat | null {
  const start = text.trimStart()
  if (start.startsWith('{')) {
    // npm writes lockfileVersion second, after the name.
    return /"lockfileVersion"\s*:/.test(start.slice(0, 4096)) ? 'package-lock' : null
  }
  const lines: string[] = []
  let from = 0
  while (lines.length < SNIFFED_LINES && from < text.length) {
    const end = text.indexOf('\n', from)
    const line = text.slice(from, end === -1 ? text.length : end).trim()
    if (line !== '' && !line.startsWith('#')) lines.push(line)
    from = end === -1 ? text.length : end + 1
  }
  const first = lines[0] ?? ''
  if (/^lockfileVersion:/.test(first)) return 'pnpm-lock'
  if (lines.some((line) => /^lock-version\s*=/.test(line))) return 'pylock'
  // uv writes `version`, `revision` and `requires-python` first.
  if (/^version\s*=\s*\d/.test(first) && lines.some((line) => /^requires-python\s*=/.test(line))) {
    return 'uv-lock'
  }
  if (
    lines.some((line) => line === '[[package]]') &&
    lines.some((line) => /^python-versions\s*=/.test(line))
  ) {
    return 'poetry-lock'
  }
  return null
}
