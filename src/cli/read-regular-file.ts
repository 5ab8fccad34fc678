/**
 * Reads a file the user named, or a file a file names (a requirements file's `-r`), only when
 * it is a regular file of at most 4 MiB (docs/cli.md, "Stacks from files"). A name can point
 * anywhere: `/dev/zero` never ends, a FIFO blocks the reader until someone writes, and the
 * pseudo-files of `/proc` and `/sys` are regular files of size 0 that hold the environment's
 * secrets. Each is refused with why, before a byte is read.
 *
 * The file is stat'ed first (nothing that is not a regular file is opened), then opened
 * without blocking (a FIFO swapped in meanwhile cannot hang the open) and checked again on the
 * open descriptor, which is what is read; at most one byte more than the limit is read, so a
 * file that grows meanwhile is refused too.
 */
import {
  closeSync,
  constants,
  fstatSync,
  openSync,
  readSync,
  realpathSync,
  type Stats,
  statfsSync,
  statSync,
} from 'node:fs'
import { MAX_SBOM_BYTES, MAX_SBOM_TEXT } from '../api/request-limits.ts'

/** The most a file read for a stack may hold (as much as the server reads). */
export const MAX_READ_FILE_BYTES = MAX_SBOM_BYTES

export type ReadFile =
  | { readonly bytes: Buffer }
  /** Not there: a name the user may have mistyped. */
  | { readonly missing: string }
  /** There, but not a file compat reads: why. */
  | { readonly refused: string }

// Pseudo file systems: their files describe the running system, they are no one's stack.
// (Linux's magic numbers, statfs(2).)
const PSEUDO_FILE_SYSTEMS: ReadonlyMap<number, string> = new Map([
  [0x9fa0, 'proc'],
  [0x62656572, 'sysfs'],
  [0x64626720, 'debugfs'],
  [0x74726163, 'tracefs'],
  [0x73636673, 'securityfs'],
  [0x27e0eb, 'cgroup'],
  [0x63677270, 'cgroup2'],
  [0x62656570, 'configfs'],
  [0xde5e81e4, 'efivarfs'],
  [0x6165676c, 'pstore'],
  [0x42494e4d, 'binfmt_misc'],
  [0xcafe4a11, 'bpf'],
])
const PSEUDO_DIRECTORIES = ['/proc', '/sys', '/dev']

/**
 * @example readRegularFile('/dev/zero') // { refused: 'a character device, not a regular file' }
 */
export function readRegularFile(path: string, limit = MAX_READ_FILE_BYTES): ReadFile {
  let stats: Stats
  try {
    stats = statSync(path)
  } catch (error) {
    return failure(error)
  }
  const kind = notRegular(stats)
  if (kind !== null) return { refused: `${kind}, not a regular file` }
  const pseudo = pseudoFileSystem(path)
  if (pseudo !== null) return { refused: `a file of ${pseudo}, which describes this machine` }
  if (stats.size > limit) return { refused: tooLarge(stats.size) }
  let descriptor: number
  try {
    descriptor = openSync(path, constants.O_RDONLY | constants.O_NONBLOCK | constants.O_NOCTTY)
  } catch (error) {
    return failure(error)
  }
  try {
    const opened = fstatSync(descriptor)
    const swapped = notRegular(opened)
    if (swapped !== null) return { refused: `${swapped}, not a regular file` }
    if (opened.size > limit) return { refused: tooLarge(opened.size) }
    let bytes = Buffer.alloc(opened.size + 1)
    let length = 0
    for (;;) {
      if (length === bytes.length) {
        if (length > limit) return { refused: tooLarge(null) }
        // Longer than its size said (it grows as it is read): room for one byte over the limit.
        const grown = Buffer.alloc(Math.min(bytes.length * 2, limit + 1))
        bytes.copy(grown)
        bytes = grown
      }
      const read = readSync(descriptor, bytes, length, bytes.length - length, null)
      if (read === 0) return { bytes: bytes.subarray(0, length) }
      length += read
    }
  } catch (error) {
    return failure(error)
  } finally {
    closeSync(descriptor)
  }
}

/** What a file is when it is not a regular one; null for a regular file. */
function notRegular(stats: Stats): string | null {
  if (stats.isFile()) return null
  if (stats.isDirectory()) return 'a directory'
  if (stats.isFIFO()) return 'a FIFO (a named pipe)'
  if (stats.isCharacterDevice()) return 'a character device'
  if (stats.isBlockDevice()) return 'a block device'
  if (stats.isSocket()) return 'a socket'
  return 'not a file'
}

/** The pseudo file system the file is on (by its real path, then by its file system). */
function pseudoFileSystem(path: string): string | null {
  let real: string
  try {
    real = realpathSync(path)
  } catch {
    return null
  }
  const directory = PSEUDO_DIRECTORIES.find(
    (prefix) => real === prefix || real.startsWith(`${prefix}/`),
  )
  if (directory !== undefined) return directory
  try {
    return PSEUDO_FILE_SYSTEMS.get(Number(statfsSync(real).type)) ?? null
  } catch {
    return null
  }
}

function tooLarge(bytes: number | null): string {
  return `larger than ${MAX_SBOM_TEXT}${bytes === null ? '' : ` (${bytes} bytes)`}, the most compat reads of a file`
}

function failure(error: unknown): ReadFile {
  const code = (error as NodeJS.ErrnoException).code
  switch (code) {
    case 'ENOENT':
      return { missing: 'no such file' }
    case 'ENOTDIR':
      return { missing: 'no such file (a part of its path is not a directory)' }
    case 'EACCES':
    case 'EPERM':
      return { refused: 'permission denied' }
    case 'EISDIR':
      return { refused: 'a directory, not a regular file' }
    case 'ELOOP':
      return { refused: 'too many symbolic links' }
    case 'ENAMETOOLONG':
      return { refused: 'its name is too long' }
    default:
      return { refused: code ?? (error as Error).message }
  }
}
