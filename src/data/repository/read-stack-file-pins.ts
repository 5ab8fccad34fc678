/**
 * The lockfiles and files of "Stacks from files" found in a repository (npm's
 * package-lock.json and npm-shrinkwrap.json, pnpm-lock.yaml, poetry.lock, uv.lock, pylock.toml,
 * pip requirements files, CycloneDX and SPDX SBOMs): each pinned package, by the same readers
 * `compat stack --from` uses, located at its line.
 * Only the packages a catalogued project matches become findings (`onlyCatalogued`); a file
 * that breaks its format is a fault, listed, never a stop.
 */
import type { Declaration } from '../../core/scan/scan-declaration.ts'
import { lockfileFormatOf, readLockfile } from '../lockfiles/read-lockfile.ts'
import { detectStackFile } from '../stack-files/detect-stack-file.ts'
import { lockfileStack, readLockfileStack } from '../stack-files/lockfile-stack.ts'
import type { ReadStackFile } from '../stack-files/stack-file.ts'
import type { RepositoryFileReader } from './file-reading.ts'
import { jsonPointerLines } from './json-pointer-lines.ts'

/** @example readStackFilePins('flask==3.0.3\n', 'requirements.txt', context).declarations[0]?.text // 'flask 3.0.3' */
export const readStackFilePins: RepositoryFileReader = (text, file) => {
  const { read, lines: lockfileLines } = readPins(text, file)
  if (!read.ok) {
    return {
      declarations: [],
      faults: read.faults.slice(0, 1).map((fault) => ({
        file,
        line: lineOfLocation(fault.location, new Map()),
        reason: `${fault.location.startsWith('/') ? `${fault.location}: ` : ''}${fault.reason}${read.faults.length > 1 ? ` (and ${read.faults.length - 1} more faults)` : ''}`,
      })),
    }
  }
  const { components } = read.stack
  const pointers = components
    .map((component) => component.location)
    .filter((at) => at.startsWith('/'))
  const lines = lockfileLines ?? jsonPointerLines(text, pointers)
  const declarations: Declaration[] = components.map((component) => ({
    component: component.name,
    ...(component.purl === undefined ? {} : { purl: component.purl }),
    kind: 'lockfile',
    text: `${component.name} ${component.version}`,
    declared: { version: component.version },
    location: { file, line: lineOfLocation(component.location, lines) },
    onlyCatalogued: true,
  }))
  return { declarations, faults: [] }
}

/**
 * A lockfile through its own reader, which knows each entry's line in YAML and TOML as in JSON;
 * any other file by its content.
 */
function readPins(
  text: string,
  file: string,
): { read: ReadStackFile; lines: ReadonlyMap<string, number> | null } {
  if (lockfileFormatOf(text.replace(/^\uFEFF/, ''), file) === null) {
    return { read: detectStackFile(text), lines: null }
  }
  const read = readLockfile(text, file)
  if (!read.ok) return { read: readLockfileStack(read), lines: null }
  const lines = new Map<string, number>()
  for (const { location, line } of read.lockfile.packages) {
    if (line !== null) lines.set(location, line)
  }
  return { read: { ok: true, stack: lockfileStack(read.lockfile) }, lines }
}

/** A stack file's location as a line: `line 12` in a requirements file, a JSON pointer's line. */
function lineOfLocation(location: string, lines: ReadonlyMap<string, number>): number {
  const written = /^line (\d+)/.exec(location)
  if (written !== null) return Number(written[1])
  return lines.get(location) ?? 1
}
