/**
 * `compat renovate FILE`: Renovate rules that let an update bot propose only the versions of
 * each component (with `packages` in the stack file) that the evidence says fit the rest of
 * the stack (docs/cli.md, "compat renovate"). Printed as JSON for `renovate.json`.
 */
import { renovateRules } from '../../core/plan/renovate-rules.ts'
import { offlineDataset } from '../answer-source.ts'
import type { CliContext } from '../cli-context.ts'
import { usageError } from '../cli-error.ts'
import { ExitCode } from '../exit-codes.ts'
import { parseCommandArgs } from '../parse-command-args.ts'
import { readStackFile } from '../read-stack-file.ts'

export async function run(args: readonly string[], context: CliContext): Promise<number> {
  const { values, positionals } = parseCommandArgs(
    'renovate',
    args,
    { data: { type: 'string' }, 'allow-unknown': { type: 'boolean' } },
    true,
  )
  const [file, ...extra] = positionals
  if (file === undefined) {
    throw usageError('renovate', 'give the stack file, e.g. compat renovate stack.yaml')
  }
  if (extra.length > 0) throw usageError('renovate', `unexpected argument '${extra[0]}'`)
  const stack = await readStackFile('renovate', file, context)
  if (stack === null) return ExitCode.error
  if (!stack.some((component) => component.packages.length > 0)) {
    throw usageError(
      'renovate',
      `no component of ${file} names its packages; write them as name: {version, packages: [...]}`,
    )
  }
  const dataset = await offlineDataset('renovate', values.data, context)
  const rules = renovateRules(dataset, stack, values['allow-unknown'] === true)
  for (const note of rules.skipped) context.err(`compat renovate: no rule for ${note}`)
  context.out(JSON.stringify({ packageRules: rules.packageRules }, null, 2))
  return ExitCode.ok
}
