import { relative } from 'node:path'
import { formatPath } from '../core/dataset/fault.ts'
import type { LocatedFault } from './read-data-dir.ts'

/** `FILE:LINE:COLUMN: path: message`, the form editors and CI logs turn into links. */
export function formatFault(fault: LocatedFault, cwd = process.cwd()): string {
  const file = fault.file.startsWith(cwd) ? relative(cwd, fault.file) : fault.file
  const where = fault.path.length === 0 ? '' : `${formatPath(fault.path)}: `
  return `${file}:${fault.line}:${fault.column}: ${where}${fault.message}`
}

/** By file, then position: the order a maintainer fixes them in. */
export function sortFaults(faults: readonly LocatedFault[]): LocatedFault[] {
  return [...faults].sort(
    (a, b) =>
      (a.file < b.file ? -1 : a.file > b.file ? 1 : 0) || a.line - b.line || a.column - b.column,
  )
}
