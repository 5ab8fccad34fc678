/**
 * `--from FILE`: the files people already have (an SBOM, a lockfile, a requirements file, the
 * output of `helm list` or `kubectl version`), each read as the format its content tells
 * (docs/cli.md, "Stacks from files"). A requirements file's `-r` includes are read beside the
 * file that names them. Each file is read only when it is a regular file of at most 4 MiB
 * (read-regular-file.ts), and must be UTF-8 text; no message quotes more than 80 characters
 * of it, and none prints a control character.
 */
import { dirname, resolve } from 'node:path'
import { formatName } from '../api/file-format-names.ts'
import { escapeControlCharacters } from '../core/text/excerpt.ts'
import { displayPath } from '../data/display-path.ts'
import { detectStackFile } from '../data/stack-files/detect-stack-file.ts'
import type { IncludedFile, IncludeReader } from '../data/stack-files/read-requirements.ts'
import { type ReadStackFile, refusedFile, type StackFile } from '../data/stack-files/stack-file.ts'
import { utf8Text } from '../data/utf8-text.ts'
import { countOf } from '../report/format-text.ts'
import type { CliContext } from './cli-context.ts'
import { CliError, usageError } from './cli-error.ts'
import { readRegularFile } from './read-regular-file.ts'

export interface FromFile {
  /** The name as shown: relative to the working directory when inside it. */
  readonly file: string
  readonly path: string
  /** As read: an SBOM goes to a server byte for byte. */
  readonly bytes: Uint8Array<ArrayBuffer>
  readonly stack: StackFile
}

/**
 * Every file of `files` read; null when one breaks its format or is of none (each fault is
 * written to stderr as `FILE: LOCATION: reason`, then a line per file). A file that cannot be
 * read is a CliError naming it.
 */
export async function readFromFiles(
  command: string,
  files: readonly string[],
  context: CliContext,
): Promise<FromFile[] | null> {
  const read: FromFile[] = []
  const problems: string[] = []
  const seen = new Set<string>()
  for (const file of files) {
    const path = resolve(context.cwd, file)
    const shown = displayPath(path, context.cwd)
    if (seen.has(path)) throw usageError(command, `--from ${shown} is given twice`)
    seen.add(path)
    const bytes = readBytes(path, shown)
    const text = utf8Text(bytes)
    const detected =
      text === null
        ? refusedFile(null, { reason: NOT_TEXT, location: '' })
        : detectStackFile(text, shown, { readInclude: includeReader(context.cwd) })
    if (detected.ok) read.push({ file: shown, path, bytes, stack: detected.stack })
    else problems.push(...problemLines(command, shown, detected))
  }
  if (problems.length === 0) return read
  for (const line of problems) context.err(line)
  return null
}

/**
 * A `--from` file's text (a regular file of at most 4 MiB, UTF-8); null for a binary file, whose
 * bytes are never printed. A file that cannot be read is a CliError (exit 3) naming it and why.
 */
export function readFromFileText(path: string, shown: string): string | null {
  return utf8Text(readBytes(path, shown))
}

/** What a binary file is told, after its name. */
export const NOT_TEXT = 'is not UTF-8 text: a binary file is no stack file; nothing of it is shown'

/** The file's bytes; a CliError (exit 3) naming the file and why it is not read. */
function readBytes(path: string, shown: string): Uint8Array<ArrayBuffer> {
  const read = readRegularFile(path)
  if ('bytes' in read) return new Uint8Array(read.bytes)
  throw new CliError(
    `cannot read ${escapeControlCharacters(shown)}: ${'missing' in read ? read.missing : read.refused}`,
  )
}

/**
 * A file of no known format is one line naming the formats tried; a file that breaks its
 * format is every fault at its place, then a line that sums them up.
 */
export function problemLines(
  command: string,
  shown: string,
  read: Omit<Extract<ReadStackFile, { ok: false }>, 'faultCount'> & {
    readonly faultCount?: number
  },
): string[] {
  const faultCount = read.faultCount ?? read.faults.length
  // Names and locations come from the file system and the file: nothing reaches the terminal
  // as a control character (reasons quote the file through `excerpt` already).
  const file = escapeControlCharacters(shown)
  const [only] = read.faults
  if (read.format === null && faultCount === 1 && only?.location === '') {
    return [`compat ${command}: ${file} ${escapeControlCharacters(only.reason)}`]
  }
  const lines = read.faults.map((fault) => {
    const reason = escapeControlCharacters(fault.reason)
    const location = escapeControlCharacters(fault.location)
    // A requirements file's locations name their file (an include's own): FILE:LINE.
    if (read.format === 'requirements') return `${location}: ${reason}`
    return location === '' ? `${file}: ${reason}` : `${file}: ${location}: ${reason}`
  })
  if (faultCount > read.faults.length)
    lines.push(`… and ${countOf(faultCount - read.faults.length, 'fault')} more, not shown`)
  const faults = countOf(faultCount, 'fault')
  const summary =
    read.format === null
      ? `${file} cannot be read: ${faults}`
      : `${file} is ${formatName(read.format)} but breaks the format: ${faults}`
  return [...lines, `compat ${command}: ${summary}; see docs/cli.md, "Stacks from files"`]
}

/**
 * `-r FILE` in a requirements file, read relative to the file that names it, as pip reads it;
 * a URL is not fetched.
 *
 * @example includeReader('/work')('base.txt', 'app/requirements.txt') // reads /work/app/base.txt
 */
export function includeReader(cwd: string): IncludeReader {
  // A file named by many lines (or many files) is looked at once.
  const looked = new Map<string, IncludedFile>()
  return (path, includedFrom) => {
    if (/^[a-z][a-z0-9+.-]*:\/\//i.test(path)) {
      return { refused: 'a URL; compat reads only files on this machine' }
    }
    const from = includedFrom === undefined ? cwd : dirname(resolve(cwd, includedFrom))
    const full = resolve(from, path)
    let included = looked.get(full)
    if (included === undefined) {
      included = readInclude(full, cwd)
      looked.set(full, included)
    }
    return included
  }
}

function readInclude(full: string, cwd: string): IncludedFile {
  const read = readRegularFile(full)
  if ('missing' in read) return { refused: read.missing }
  if ('refused' in read) return { fault: read.refused }
  const text = utf8Text(read.bytes)
  if (text === null) return { fault: 'not UTF-8 text (a binary file?)' }
  if (text.includes('\0')) return { fault: 'binary, not text (it holds a NUL byte)' }
  return { name: displayPath(full, cwd), text }
}
