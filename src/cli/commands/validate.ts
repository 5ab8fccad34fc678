/** `compat validate`: every fault of a data directory, one `FILE:LINE:COLUMN: message` line each. */
import { displayDataDirs } from '../../data/data-dirs.ts'
import { formatFault, sortFaults } from '../../data/format-fault.ts'
import { loadDataset } from '../../data/load-dataset.ts'
import { countOf } from '../../report/format-text.ts'
import type { CliContext } from '../cli-context.ts'
import { ExitCode } from '../exit-codes.ts'
import { VALIDATE_OPTIONS } from '../help/validate-help.ts'
import { parseCommandArgs } from '../parse-command-args.ts'
import { resolveDataDir } from '../resolve-data-dir.ts'

export async function run(args: readonly string[], context: CliContext): Promise<number> {
  const { values } = parseCommandArgs('validate', args, VALIDATE_OPTIONS)
  const dir = await resolveDataDir('validate', values.data, context)
  const result = await loadDataset(dir)
  if (result.ok) {
    const { dataset } = result.loaded
    // Every project compiled as a server would: what validates must compile, and a project
    // that does not is a bug in compat, not in the data.
    let compilable = true
    for (const id of dataset.projects.keys()) {
      try {
        dataset.projects.get(id)
      } catch (error) {
        context.out(`${(error as Error).message} (a bug in compat: please report it)`)
        compilable = false
      }
    }
    if (!compilable) return ExitCode.error
    context.out(
      `ok: ${countOf(dataset.projects.size, 'project')}, ${countOf(dataset.entryCount, 'entry', 'entries')} in ${displayDataDirs(dir, context.cwd)}`,
    )
    return ExitCode.ok
  }
  for (const fault of sortFaults(result.faults)) context.out(formatFault(fault, context.cwd))
  const files = new Set(result.faults.map((fault) => fault.file)).size
  context.out(`${countOf(result.faults.length, 'fault')} in ${countOf(files, 'file')}`)
  return ExitCode.faults
}
