/** Faults as maintainers read them: `FILE:LINE:COLUMN: path: message`, in the order to fix them. */
import { formatPath } from '../core/dataset/fault.ts'
import { displayPath } from './display-path.ts'
import type { LocatedFault } from './located-fault.ts'

/**
 * The form editors and CI logs turn into links; the file relative to `cwd` when inside it. A
 * fault of the whole file (a syntax error, a duplicate id) has no path worth printing.
 *
 * @example formatFault(fault, '/work') // 'data/projects/django.yaml:12:9: versions."5.1": …'
 */
export function formatFault(fault: LocatedFault, cwd: string): string {
  const where = fault.path.length === 0 ? '' : `${formatPath(fault.path)}: `
  return `${displayPath(fault.file, cwd)}:${fault.line}:${fault.column}: ${where}${fault.message}`
}

/** By file, then position: the order a maintainer fixes them in. */
export function sortFaults(faults: readonly LocatedFault[]): LocatedFault[] {
  return [...faults].sort(
    (a, b) =>
      (a.file < b.file ? -1 : a.file > b.file ? 1 : 0) || a.line - b.line || a.column - b.column,
  )
}
