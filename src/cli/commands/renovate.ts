/**
 * `compat renovate FILE`: Renovate rules that let an update bot propose only the versions of
 * each component (with `packages` in the stack file) that the evidence says fit the rest of
 * the stack (docs/cli.md, "compat renovate"). Printed as JSON for `renovate.json`. With
 * `--from FILE…`, the stack derived from files people already have, each component matched by
 * its package URL released under that package (docs/cli.md, "Stacks from files"); what was
 * derived goes to stderr, so that stdout stays the rules.
 */
import type { Dataset } from '../../core/dataset/build-dataset.ts'
import { type RenovateComponent, renovateRules } from '../../core/plan/renovate-rules.ts'
import { offlineDataset } from '../answer-source.ts'
import type { CliContext } from '../cli-context.ts'
import { CliError, usageError } from '../cli-error.ts'
import { describeDerived } from '../describe-derived.ts'
import { ExitCode } from '../exit-codes.ts'
import { RENOVATE_OPTIONS } from '../help/renovate-help.ts'
import { parseCommandArgs } from '../parse-command-args.ts'
import { readStackFile } from '../read-stack-file.ts'
import { fromArgs, stackFromFiles } from '../stack-from-files.ts'

export async function run(args: readonly string[], context: CliContext): Promise<number> {
  const { values, positionals } = parseCommandArgs('renovate', args, RENOVATE_OPTIONS, true)
  const [file, ...extra] = positionals
  if (extra.length > 0) throw usageError('renovate', `unexpected argument '${extra[0]}'`)
  if (file !== undefined && values.from !== undefined) {
    throw usageError('renovate', `give a stack file or --from FILE, not both ('${file}')`)
  }
  if (values.from !== undefined) return renovateFromFiles(values.from, values, context)
  if (file === undefined) {
    throw usageError(
      'renovate',
      'give the stack file, e.g. compat renovate stack.yaml, or the files to derive it from, e.g. compat renovate --from sbom.json',
    )
  }
  const stack = await readStackFile('renovate', file, context)
  if (stack === null) return ExitCode.error
  if (!stack.some((component) => component.packages.length > 0)) {
    throw usageError(
      'renovate',
      `no component of ${file} names its packages; write them as name: {version, packages: [...]}`,
    )
  }
  const dataset = await offlineDataset('renovate', values.data, context)
  printRules(dataset, stack, values['allow-unknown'] === true, context)
  return ExitCode.ok
}

/** The stack the files derive: each component matched by its purl names its package. */
async function renovateFromFiles(
  files: readonly string[],
  values: { readonly data?: string; readonly 'allow-unknown'?: boolean },
  context: CliContext,
): Promise<number> {
  const derived = await stackFromFiles('renovate', files, values.data, context)
  if (derived === null) return ExitCode.error
  for (const line of describeDerived(derived.files)) context.err(line)
  const stack = derived.components.map(({ project, version, packages }) => ({
    name: project,
    version,
    packages,
  }))
  if (!stack.some((component) => component.packages.length > 0)) {
    const shown = derived.files.map((file) => file.file)
    throw new CliError(
      `no component derived from ${shown.join(', ')} has a package name: only a component matched by its package URL (by purl above) does; write the stack with 'compat stack ${fromArgs(shown)} --write stack.yaml', add packages, and run 'compat renovate stack.yaml'`,
    )
  }
  printRules(derived.dataset, stack, values['allow-unknown'] === true, context)
  return ExitCode.ok
}

function printRules(
  dataset: Dataset,
  stack: readonly RenovateComponent[],
  allowUnknown: boolean,
  context: CliContext,
): void {
  const rules = renovateRules(dataset, stack, allowUnknown)
  for (const note of rules.skipped) context.err(`compat renovate: no rule for ${note}`)
  context.out(JSON.stringify({ packageRules: rules.packageRules }, null, 2))
}
