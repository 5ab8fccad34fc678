/**
 * A repository as a scan reads it (docs/cli.md, "compat scan"): the walk, then each file of a
 * known kind read within the limits (a regular file, at most 4 MiB) by the reader of its kind.
 * What it declares is returned for `evaluateScan` to judge; what could not be read is returned
 * as faults, never a stop.
 */
import { dirname, join } from 'node:path'
import type { Declaration } from '../../core/scan/scan-declaration.ts'
import { clipText } from './clip-text.ts'
import type { FileFault } from './file-reading.ts'
import { readBoundedFile } from './read-bounded-file.ts'
import { walkRepository } from './walk-repository.ts'

export interface RepositoryReading {
  readonly declarations: readonly Declaration[]
  /** Files and parts of files that could not be read, and paths not walked, in path order. */
  readonly faults: readonly FileFault[]
  /** How many files were read, by kind. */
  readonly read: Readonly<Record<string, number>>
  /** Every file walked past. */
  readonly seen: number
}

/** @example readRepository('/work/repo').declarations.length */
export function readRepository(root: string): RepositoryReading {
  const walk = walkRepository(root)
  const declarations: Declaration[] = []
  const faults: FileFault[] = walk.skipped.map(({ path, reason }) => ({
    file: path,
    line: null,
    reason,
  }))
  const read: Record<string, number> = {}
  for (const file of walk.files) {
    const content = readBoundedFile(file.absolute)
    if ('refused' in content) {
      faults.push({ file: file.path, line: null, reason: content.refused })
      continue
    }
    read[file.kind.name] = (read[file.kind.name] ?? 0) + 1
    const folder = dirname(file.absolute)
    const reading = file.kind.read(content.text, file.path, {
      sibling: (name) => {
        const sibling = readBoundedFile(join(folder, name))
        return 'text' in sibling ? sibling.text : undefined
      },
    })
    for (const declaration of reading.declarations) declarations.push(shown(declaration))
    for (const fault of reading.faults)
      faults.push({ ...fault, reason: clipText(fault.reason, 240) })
  }
  faults.sort((a, b) =>
    a.file < b.file ? -1 : a.file > b.file ? 1 : (a.line ?? 0) - (b.line ?? 0),
  )
  return { declarations, faults, read, seen: walk.seen }
}

/** A declaration as a report may show it: what the file writes, and why no version, clipped. */
function shown(declaration: Declaration): Declaration {
  const { text, declared } = declaration
  return {
    ...declaration,
    text: clipText(text),
    declared: 'unknown' in declared ? { unknown: clipText(declared.unknown, 240) } : declared,
  }
}
