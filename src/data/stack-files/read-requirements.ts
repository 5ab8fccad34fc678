/**
 * A pip requirements file as a stack: every pinned `name==version` line, the files it includes
 * with `-r` read as pip reads them, and everything that is not a pin (a range, a bare name, a
 * URL, an editable install, a constraints file) reported with its line, never dropped silently.
 *
 * The reader touches no file system: the caller passes `readInclude`, so that the command line
 * can follow includes beside the file and a server can refuse them with its own reason.
 */
import { keepOneVersion, type VersionCandidate } from './keep-one-version.ts'
import { normalizePypiName } from './normalize-pypi-name.ts'
import { packageUrl } from './package-url.ts'
import { parseRequirementLine } from './parse-requirement-line.ts'
import { requirementsLines } from './requirements-lines.ts'
import type { LeftOut, ReadStackFile, StackFileFault } from './stack-file.ts'

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
  | { readonly refused: string }

/**
 * Reads the file `path` names, relative to the file that includes it (`includedFrom` is that
 * file's name, undefined for a top file given without one), or refuses to.
 */
export type IncludeReader = (path: string, includedFrom: string | undefined) => IncludedFile

export interface RequirementsOptions {
  /** The file's name for locations (`requirements.txt:12`) and for the first include's path. */
  readonly name?: string
  /** Without it, includes are reported as not followed. */
  readonly readInclude?: IncludeReader
}

interface Reading {
  readonly candidates: VersionCandidate[]
  readonly leftOut: LeftOut[]
  readonly faults: StackFileFault[]
  /** Every file read so far: one included twice (not in a loop) is read once. */
  readonly read: Set<string>
  readonly readInclude: IncludeReader | undefined
}

/**
 * @example readRequirements('flask==3.0.3\nrequests>=2\n') // flask 3.0.3; requests left out: not pinned
 */
export function readRequirements(text: string, options: RequirementsOptions = {}): ReadStackFile {
  const reading: Reading = {
    candidates: [],
    leftOut: [],
    faults: [],
    read: new Set(options.name === undefined ? [] : [options.name]),
    readInclude: options.readInclude,
  }
  readFile(text, options.name, options.name === undefined ? [] : [options.name], reading)
  if (reading.faults.length > 0)
    return { ok: false, format: 'requirements', faults: reading.faults }
  return {
    ok: true,
    stack: {
      format: 'requirements',
      ...keepOneVersion(reading.candidates),
      leftOut: reading.leftOut,
    },
  }
}

function readFile(
  text: string,
  name: string | undefined,
  chain: readonly string[],
  reading: Reading,
): void {
  const { candidates, leftOut, faults } = reading
  for (const { line, text: lineText } of requirementsLines(text.replace(/^\uFEFF/, ''))) {
    const location = name === undefined ? `line ${line}` : `${name}:${line}`
    for (const item of parseRequirementLine(lineText)) {
      switch (item.kind) {
        case 'pinned': {
          const pypiName = normalizePypiName(item.name)
          candidates.push({
            key: pypiName,
            component: {
              name: pypiName,
              version: item.version,
              purl: packageUrl({ type: 'pypi', name: pypiName, version: item.version }),
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
          readInclude(item.path, name, chain, location, reading)
          break
        case 'constraint':
          leftOut.push({
            reason: `the constraints file ${item.path} is not read: constraints limit versions, they install nothing`,
            location,
          })
          break
        case 'editable':
          leftOut.push({
            reason: `not pinned: an editable install of ${item.target}`,
            location,
          })
          break
        case 'unknown-option':
          leftOut.push({
            reason: `${item.option} is no option pip reads in a requirements file; not read`,
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
}

function readInclude(
  path: string,
  from: string | undefined,
  chain: readonly string[],
  location: string,
  reading: Reading,
): void {
  if (reading.readInclude === undefined) {
    reading.leftOut.push({ reason: `includes ${path}, which is not followed here`, location })
    return
  }
  const file = reading.readInclude(path, from)
  if ('refused' in file) {
    reading.leftOut.push({ reason: `includes ${path}, not read: ${file.refused}`, location })
    return
  }
  if (chain.includes(file.name)) {
    const loop = [...chain.slice(chain.indexOf(file.name)), file.name].join(' → ')
    reading.leftOut.push({
      reason: `includes ${path} again, a loop (${loop}); not followed`,
      location,
    })
    return
  }
  // Included twice but not in a loop: its pins are in the stack already.
  if (reading.read.has(file.name)) return
  reading.read.add(file.name)
  readFile(file.text, file.name, [...chain, file.name], reading)
}
