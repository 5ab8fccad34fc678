/**
 * `--from FILE`: the files people already have (an SBOM, a lockfile, a requirements file, the
 * output of `helm list` or `kubectl version`), each read as the format its content tells
 * (docs/cli.md, "Stacks from files"). A requirements file's `-r` includes are read beside the
 * file that names them.
 */
import { readFileSync } from 'node:fs'
import { readFile } from 'node:fs/promises'
import { dirname, resolve } from 'node:path'
import { displayPath } from '../data/display-path.ts'
import { detectStackFile } from '../data/stack-files/detect-stack-file.ts'
import type { IncludeReader } from '../data/stack-files/read-requirements.ts'
import type { ReadStackFile, StackFile } from '../data/stack-files/stack-file.ts'
import { countOf } from '../report/format-text.ts'
import type { CliContext } from './cli-context.ts'
import { CliError, usageError } from './cli-error.ts'
import { formatName } from './describe-derived.ts'

/** The option, for `parseCommandArgs`. */
export const FROM_OPTION = { from: { type: 'string', multiple: true } } as const

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
    const bytes = await readBytes(path, shown)
    const text = new TextDecoder().decode(bytes)
    const detected = detectStackFile(text, shown, { readInclude: includeReader(context.cwd) })
    if (detected.ok) read.push({ file: shown, path, bytes, stack: detected.stack })
    else problems.push(...problemLines(command, shown, detected))
  }
  if (problems.length === 0) return read
  for (const line of problems) context.err(line)
  return null
}

async function readBytes(path: string, shown: string): Promise<Uint8Array<ArrayBuffer>> {
  try {
    return new Uint8Array(await readFile(path))
  } catch (error) {
    throw new CliError(`cannot read ${shown}: ${readError(error)}`)
  }
}

function readError(error: unknown): string {
  const code = (error as NodeJS.ErrnoException).code
  return code === 'ENOENT'
    ? 'no such file'
    : code === 'EISDIR'
      ? 'a directory, not a file'
      : code === 'EACCES'
        ? 'permission denied'
        : (error as Error).message
}

/**
 * A file of no known format is one line naming the formats tried; a file that breaks its
 * format is every fault at its place, then a line that sums them up.
 */
export function problemLines(
  command: string,
  file: string,
  read: Extract<ReadStackFile, { ok: false }>,
): string[] {
  const [only] = read.faults
  if (read.format === null && read.faults.length === 1 && only?.location === '') {
    return [`compat ${command}: ${file} ${only.reason}`]
  }
  const lines = read.faults.map((fault) => {
    // A requirements file's locations name their file (an include's own): FILE:LINE.
    if (read.format === 'requirements') return `${fault.location}: ${fault.reason}`
    return fault.location === ''
      ? `${file}: ${fault.reason}`
      : `${file}: ${fault.location}: ${fault.reason}`
  })
  const faults = countOf(read.faults.length, 'fault')
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
  return (path, includedFrom) => {
    if (/^[a-z][a-z0-9+.-]*:\/\//i.test(path)) {
      return { refused: 'a URL; compat reads only files on this machine' }
    }
    const from = includedFrom === undefined ? cwd : dirname(resolve(cwd, includedFrom))
    const full = resolve(from, path)
    try {
      return { name: displayPath(full, cwd), text: readFileSync(full, 'utf8') }
    } catch (error) {
      return { refused: readError(error) }
    }
  }
}
