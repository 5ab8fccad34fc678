/** The data directory a command works on, and loading it as the server would. */
import { stat } from 'node:fs/promises'
import { delimiter, resolve } from 'node:path'
import { BUNDLED_DATA_DIR } from '../data/bundled-data-dir.ts'
import { BUNDLED_WORD, displayDataDirs } from '../data/data-dirs.ts'
import { type LoadedDataset, loadDataset } from '../data/load-dataset.ts'
import { countOf, shellQuote } from '../report/format-text.ts'
import type { CliContext } from './cli-context.ts'
import { CliError, usageError } from './cli-error.ts'

/**
 * `--data DIR[:DIR…]` resolved against the working directory (each a directory, or `bundled`
 * for the bundled data; data/README.md, "Your data beside ours"), or the bundled data.
 */
export async function resolveDataDir(
  command: string,
  flag: string | undefined,
  context: CliContext,
): Promise<string> {
  if (flag === undefined) return BUNDLED_DATA_DIR
  const parts = flag.split(delimiter).filter((part) => part !== '')
  if (parts.length === 0) throw usageError(command, '--data needs a directory')
  const dirs: string[] = []
  for (const part of parts) {
    if (part === BUNDLED_WORD) {
      dirs.push(BUNDLED_DATA_DIR)
      continue
    }
    const dir = resolve(context.cwd, part)
    const info = await stat(dir).catch(() => null)
    if (info === null || !info.isDirectory()) {
      throw new CliError(
        `--data ${part}: ${info === null ? 'no such directory' : 'not a directory'}; give the folder that holds the project files (such as data/projects), several separated by ${delimiter}, or ${BUNDLED_WORD} for the bundled data`,
      )
    }
    dirs.push(dir)
  }
  return dirs.join(delimiter)
}

/** The dataset of `dir`; a dataset with faults is refused, as the server refuses to serve it. */
export async function loadValidDataset(dir: string, context: CliContext): Promise<LoadedDataset> {
  const result = await loadDataset(dir)
  if (result.ok) return result.loaded
  const shown = displayDataDirs(dir, context.cwd)
  const validate =
    dir === BUNDLED_DATA_DIR ? 'compat validate' : `compat validate --data ${shellQuote(shown)}`
  throw new CliError(
    `the data in ${shown} has ${countOf(result.faults.length, 'fault')}; run '${validate}' to list them, then fix the files`,
  )
}
