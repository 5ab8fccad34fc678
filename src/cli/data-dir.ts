/** The data directory a command works on, and loading it as the server would. */
import { stat } from 'node:fs/promises'
import { resolve } from 'node:path'
import { BUNDLED_DATA_DIR } from '../data/bundled-data-dir.ts'
import { displayPath } from '../data/display-path.ts'
import { type LoadedDataset, loadDataset } from '../data/load-dataset.ts'
import type { CliContext } from './cli-context.ts'
import { CliError, usageError } from './cli-error.ts'
import { countOf, shellQuote } from './format-text.ts'

/** `--data DIR` resolved against the working directory (it must be a directory), or the bundled data. */
export async function resolveDataDir(
  command: string,
  flag: string | undefined,
  context: CliContext,
): Promise<string> {
  if (flag === undefined) return BUNDLED_DATA_DIR
  if (flag === '') throw usageError(command, '--data needs a directory')
  const dir = resolve(context.cwd, flag)
  const info = await stat(dir).catch(() => null)
  if (info === null || !info.isDirectory()) {
    throw new CliError(
      `--data ${flag}: ${info === null ? 'no such directory' : 'not a directory'}; give the folder that holds the project files (such as data/projects)`,
    )
  }
  return dir
}

/** The dataset of `dir`; a dataset with faults is refused, as the server refuses to serve it. */
export async function loadValidDataset(dir: string, context: CliContext): Promise<LoadedDataset> {
  const result = await loadDataset(dir)
  if (result.ok) return result.loaded
  const shown = displayPath(dir, context.cwd)
  const validate =
    dir === BUNDLED_DATA_DIR ? 'compat validate' : `compat validate --data ${shellQuote(shown)}`
  throw new CliError(
    `the data in ${shown} has ${countOf(result.faults.length, 'fault')}; run '${validate}' to list them, then fix the files`,
  )
}
