/**
 * A pip requirements file as a stack: every pinned `name==version` line, the files it includes
 * with `-r` read as pip reads them, and everything that is not a pin (a range, a bare name, a
 * URL, an editable install, a constraints file) reported with its line, never dropped silently.
 *
 * The reader touches no file system: the caller passes `readInclude`, so that the command line
 * can follow includes beside the file and a server can refuse them with its own reason.
 */

import { normalizePypiName } from '../../core/names/normalize-pypi-name.ts'
import { packageUrl } from '../../core/purl/package-url.ts'
import { excerpt } from '../../core/text/excerpt.ts'
import { keepOneVersion, type VersionCandidate } from './keep-one-version.ts'
import { parseRequirementLine, type RequirementLineItem } from './parse-requirement-line.ts'
import { type RequirementsLine, requirementsLines } from './requirements-lines.ts'
import { FaultList, type LeftOut, type ReadStackFile } from './stack-file.ts'
import type { WorkCounter } from './work-counter.ts'

/** A file an include names, or why it is not read. */
export type IncludedFile =
  | {
      /**
       * The file's name as locations show it and as loops are found by: the same file must
       * get the same name whichever way it was reached.
       */
      readonly name: string
      readonly text: string
    }
  /** Not read, and the stack is read without it (a file that is not there, a URL). */
  | { readonly refused: string }
  /**
   * Not read, and the file cannot be read faithfully without it: a fault (a device, a FIFO,
   * a pseudo-file, a file too large or not text).
   */
  | { readonly fault: string }

/**
 * Reads the file `path` names, relative to the file that includes it (`includedFrom` is that
 * file's name, undefined for a top file given without one), or refuses to.
 */
export type IncludeReader = (path: string, includedFrom: string | undefined) => IncludedFile

/**
 * How deep includes are followed: a file included by a file this many includes below the top
 * one is refused (a fault). pip has no bound; a chain of thousands of files is no real
 * project's, and each level is a file held open in the reading.
 */
export const MAX_INCLUDE_DEPTH = 32

export interface RequirementsOptions {
  /** The file's name for locations (`requirements.txt:12`) and for the first include's path. */
  readonly name?: string
  /** Without it, includes are reported as not followed. */
  readonly readInclude?: IncludeReader
  /** Counts the steps of reading (tests hold them linear in the text). */
  readonly counter?: WorkCounter
  /** The text's lines, each with what it reads as, when the caller read them already. */
  readonly read?: readonly ReadLine[]
}

/** A logical line and what it reads as. */
export interface ReadLine {
  readonly line: RequirementsLine
  readonly items: readonly RequirementLineItem[]
}

interface Reading {
  readonly candidates: VersionCandidate[]
  readonly leftOut: LeftOut[]
  readonly faults: FaultList
  /** Every file read so far: one included twice (not in a loop) is read once. */
  readonly read: Set<string>
  readonly readInclude: IncludeReader | undefined
  readonly counter: WorkCounter | undefined
}

/** A file being read: its lines, the next one to read, and the chain of files that led here. */
interface OpenFile {
  readonly name: string | undefined
  readonly lines: readonly RequirementsLine[]
  /** What each line reads as, when read already. */
  readonly items: readonly (readonly RequirementLineItem[])[] | null
  next: number
  /** The includes of the line just read, not yet followed. */
  readonly includes: { readonly path: string; readonly location: string }[]
  readonly chain: readonly string[]
  /** 0 for the top file, 1 for a file it includes, … */
  readonly depth: number
}

/**
 * @example readRequirements('flask==3.0.3\nrequests>=2\n') // flask 3.0.3; requests left out: not pinned
 */
export function readRequirements(text: string, options: RequirementsOptions = {}): ReadStackFile {
  const reading: Reading = {
    candidates: [],
    leftOut: [],
    faults: new FaultList(),
    read: new Set(options.name === undefined ? [] : [options.name]),
    readInclude: options.readInclude,
    counter: options.counter,
  }
  // Depth first, in file order, as pip reads them: an include's lines come where it stands.
  // A stack of open files rather than recursion: the depth is bounded, the call stack spared.
  const chain = options.name === undefined ? [] : [options.name]
  const open: OpenFile[] = [
    options.read === undefined
      ? openFile(text, options.name, chain, 0, reading)
      : {
          name: options.name,
          lines: options.read.map(({ line }) => line),
          items: options.read.map(({ items }) => items),
          next: 0,
          includes: [],
          chain,
          depth: 0,
        },
  ]
  while (open.length > 0) {
    const file = open[open.length - 1] as OpenFile
    const include = file.includes.shift()
    if (include !== undefined) {
      const included = readInclude(include.path, file, include.location, reading)
      if (included !== null) open.push(included)
      continue
    }
    const index = file.next++
    const line = file.lines[index]
    if (line === undefined) open.pop()
    else
      readLine(
        file,
        line,
        file.items?.[index] ?? parseRequirementLine(line.text, reading.counter),
        reading,
      )
  }
  if (reading.faults.length > 0) return reading.faults.failure('requirements')
  return {
    ok: true,
    stack: {
      format: 'requirements',
      ...keepOneVersion(reading.candidates),
      leftOut: reading.leftOut,
    },
  }
}

function openFile(
  text: string,
  name: string | undefined,
  chain: readonly string[],
  depth: number,
  reading: Reading,
): OpenFile {
  const content = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text
  const lines = requirementsLines(content, reading.counter)
  return { name, lines, items: null, next: 0, includes: [], chain, depth }
}

/** Reads one logical line; its includes are left in `file.includes` to follow next. */
function readLine(
  file: OpenFile,
  line: RequirementsLine,
  items: readonly RequirementLineItem[],
  reading: Reading,
): void {
  const { candidates, leftOut, faults } = reading
  const { name } = file
  const location = name === undefined ? `line ${line.line}` : `${name}:${line.line}`
  for (const item of items) {
    switch (item.kind) {
      case 'pinned': {
        const pypiName = normalizePypiName(item.name)
        const purl = packageUrl({ type: 'pypi', name: pypiName, version: item.version })
        candidates.push({
          key: pypiName,
          component: {
            name: pypiName,
            version: item.version,
            ...(purl === null ? {} : { purl }),
            ...(item.marker === undefined ? {} : { marker: item.marker }),
            location,
          },
          // A requirements file has no graph: every line is the project's own.
          direct: false,
        })
        break
      }
      case 'unpinned':
        leftOut.push({
          ...(item.name === undefined ? {} : { name: normalizePypiName(item.name) }),
          reason: `not pinned: ${item.reason}`,
          location,
        })
        break
      case 'include':
        file.includes.push({ path: item.path, location })
        break
      case 'constraint':
        leftOut.push({
          reason: `the constraints file ${excerpt(item.path)} is not read: constraints limit versions, they install nothing`,
          location,
        })
        break
      case 'editable':
        leftOut.push({
          reason: `not pinned: an editable install of ${excerpt(item.target)}`,
          location,
        })
        break
      case 'unknown-option':
        leftOut.push({
          reason: `${excerpt(item.option)} is no option pip reads in a requirements file; not read`,
          location,
        })
        break
      case 'invalid':
        faults.push({ reason: item.reason, location })
        break
      case 'ignored':
        break
    }
  }
}

function readInclude(
  path: string,
  from: OpenFile,
  location: string,
  reading: Reading,
): OpenFile | null {
  const shown = excerpt(path)
  if (reading.readInclude === undefined) {
    reading.leftOut.push({ reason: `includes ${shown}, which is not followed here`, location })
    return null
  }
  if (from.depth >= MAX_INCLUDE_DEPTH) {
    reading.faults.push({
      reason: `includes ${shown}, not read: includes are followed at most ${MAX_INCLUDE_DEPTH} files deep`,
      location,
    })
    return null
  }
  const file = reading.readInclude(path, from.name)
  if ('refused' in file) {
    reading.leftOut.push({ reason: `includes ${shown}, not read: ${file.refused}`, location })
    return null
  }
  if ('fault' in file) {
    reading.faults.push({ reason: `includes ${shown}, not read: ${file.fault}`, location })
    return null
  }
  if (from.chain.includes(file.name)) {
    const loop = [...from.chain.slice(from.chain.indexOf(file.name)), file.name]
      .map((name) => excerpt(name))
      .join(' → ')
    reading.leftOut.push({
      reason: `includes ${shown} again, a loop (${loop}); not followed`,
      location,
    })
    return null
  }
  // Included twice but not in a loop: its pins are in the stack already.
  if (reading.read.has(file.name)) return null
  reading.read.add(file.name)
  const content = file.text.charCodeAt(0) === 0xfeff ? file.text.slice(1) : file.text
  const read = readLines(content, reading.counter)
  // A file that is mostly not requirements (a -r to /etc/passwd, to a README) is refused
  // whole: its lines are not quoted back one by one.
  const unreadable = unreadableLines(read)
  if (unreadable * 2 > read.length) {
    reading.faults.push({
      reason: `includes ${shown}, not read: ${unreadable} of its ${read.length} lines are neither a requirement nor an option; it is no requirements file`,
      location,
    })
    return null
  }
  return {
    name: file.name,
    lines: read.map(({ line }) => line),
    items: read.map(({ items }) => items),
    next: 0,
    includes: [],
    chain: [...from.chain, file.name],
    depth: from.depth + 1,
  }
}

/** A text's logical lines, each with what it reads as. */
export function readLines(text: string, counter?: WorkCounter): ReadLine[] {
  return requirementsLines(text, counter).map((line) => ({
    line,
    items: parseRequirementLine(line.text, counter),
  }))
}

/** How many of the lines read as neither a requirement nor an option. */
export function unreadableLines(read: readonly ReadLine[]): number {
  return read.filter(({ items }) => items.some((item) => item.kind === 'invalid')).length
}
