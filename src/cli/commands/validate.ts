/** `compat validate`: every fault of a data directory, one `FILE:LINE:COLUMN: message` line each. */
import { formatPath } from '../../core/dataset/fault.ts'
import { loadDataset } from '../../data/load-dataset.ts'
import type { CliContext } from '../cli-context.ts'
import { resolveDataDir } from '../data-dir.ts'
import { displayPath } from '../display-path.ts'
import { ExitCode } from '../exit-codes.ts'
import { countOf } from '../format-text.ts'
import { parseCommandArgs } from '../parse-command-args.ts'

export async function run(args: readonly string[], context: CliContext): Promise<number> {
  const { values } = parseCommandArgs('validate', args, { data: { type: 'string' } })
  const dir = await resolveDataDir('validate', values.data, context)
  const result = await loadDataset(dir)
  if (result.ok) {
    const { dataset } = result.loaded
    context.out(
      `ok: ${countOf(dataset.projects.size, 'project')}, ${countOf(dataset.entryCount, 'entry', 'entries')} in ${displayPath(dir, context.cwd)}`,
    )
    return ExitCode.ok
  }
  // Reading faults (syntax) come before rule faults; readers want them file by file, top down.
  const faults = [...result.faults].sort(
    (a, b) =>
      (a.file < b.file ? -1 : a.file > b.file ? 1 : 0) || a.line - b.line || a.column - b.column,
  )
  for (const fault of faults) {
    // A fault of the whole file (a syntax error, a duplicate id) has no path worth printing.
    const where = fault.path.length === 0 ? '' : `${formatPath(fault.path)}: `
    context.out(
      `${displayPath(fault.file, context.cwd)}:${fault.line}:${fault.column}: ${where}${fault.message}`,
    )
  }
  const files = new Set(result.faults.map((fault) => fault.file)).size
  context.out(`${countOf(result.faults.length, 'fault')} in ${countOf(files, 'file')}`)
  return ExitCode.faults
}
