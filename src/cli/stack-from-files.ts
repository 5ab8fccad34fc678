/**
 * `--from FILE …` for `stack`, `plan` and `renovate` (docs/cli.md, "Stacks from files"): the
 * files read, their components matched to catalogued projects on the CLI's dataset (bundled or
 * `--data`), and the stacks they derive merged into one. What could not be merged, or is too
 * much to judge, is an error naming the files.
 */
import { MAX_DERIVED_COMPONENTS } from '../api/request-limits.ts'
import type { Dataset } from '../core/dataset/build-dataset.ts'
import { componentMatcher } from '../core/identifiers/component-matcher.ts'
import { BUNDLED_DATA_DIR } from '../data/bundled-data-dir.ts'
import { displayDataDirs } from '../data/data-dirs.ts'
import {
  conflictMessage,
  type DerivedFile,
  type MergedComponent,
  mergeDerivedStacks,
} from '../data/stack-files/merge-derived-stacks.ts'
import { shellQuote } from '../report/format-text.ts'
import type { CliContext } from './cli-context.ts'
import { CliError } from './cli-error.ts'
import { type FromFile, readFromFiles } from './read-from-files.ts'
import { loadValidDataset, resolveDataDir } from './resolve-data-dir.ts'

export interface StackFromFiles {
  readonly files: readonly DerivedFile[]
  readonly components: readonly MergedComponent[]
  readonly dataset: Dataset
  /** The data matched against, in words: `the bundled data`, `the data in ./ours`. */
  readonly data: string
}

/**
 * The stack the files derive on the dataset of `dataFlag`; null when a file breaks its format
 * (its faults are on stderr already).
 */
export async function stackFromFiles(
  command: string,
  files: readonly string[],
  dataFlag: string | undefined,
  context: CliContext,
): Promise<StackFromFiles | null> {
  const read = await readFromFiles(command, files, context)
  return read === null ? null : deriveStackFromFiles(command, read, dataFlag, context)
}

/** The stack files already read derive on the dataset of `dataFlag`. */
export async function deriveStackFromFiles(
  command: string,
  read: readonly FromFile[],
  dataFlag: string | undefined,
  context: CliContext,
): Promise<StackFromFiles> {
  const dir = await resolveDataDir(command, dataFlag, context)
  const { dataset } = await loadValidDataset(dir, context)
  const merged = mergeDerivedStacks(
    componentMatcher(dataset).matcher,
    read.map(({ file, stack }) => ({ file, stack })),
  )
  if (!merged.ok) throw new CliError(conflictMessage(merged.conflicts))
  if (merged.components.length > MAX_DERIVED_COMPONENTS) {
    throw new CliError(
      `${which(read)} match ${merged.components.length} catalogued projects; a stack derived from files holds at most ${MAX_DERIVED_COMPONENTS}`,
    )
  }
  const data =
    dir === BUNDLED_DATA_DIR
      ? 'the bundled data'
      : `the data in ${displayDataDirs(dir, context.cwd)}`
  return { files: merged.files, components: merged.components, dataset, data }
}

function which(files: readonly FromFile[]): string {
  const [only] = files
  return files.length === 1 && only !== undefined
    ? `the components of ${only.file}`
    : `the components of the ${files.length} files`
}

/** The stack as the JSON stack and plan requests take it: each project id and its version. */
export function stackPairs(components: readonly MergedComponent[]): [string, string][] {
  return components.map(({ project, version }) => [project, version])
}

/** `--from a.json --from b.json`, quoted for a shell. */
export function fromArgs(files: readonly string[]): string {
  return files.map((file) => `--from ${shellQuote(file)}`).join(' ')
}
