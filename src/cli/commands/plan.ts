/**
 * `compat plan FILE --target NAME=VERSION…`: what must move, and to what, for the target to
 * hold in the stack of FILE (docs/cli.md, "compat plan"), offline or on a server.
 */
import { readPlanBody } from '../../api/named-versions.ts'
import type { PlanResult } from '../../api/response-schemas.ts'
import { evaluatePlan } from '../../core/plan/evaluate-plan.ts'
import { answerQuestion } from '../answer-question.ts'
import { ANSWER_SOURCE_OPTIONS, readAnswerSource } from '../answer-source.ts'
import type { CliContext } from '../cli-context.ts'
import { usageError } from '../cli-error.ts'
import { describePairs } from '../describe-pairs.ts'
import { ExitCode } from '../exit-codes.ts'
import { formatTable } from '../format-text.ts'
import { parseCommandArgs } from '../parse-command-args.ts'
import { readDependencyPairs } from '../read-check-request.ts'
import { readStackFile } from '../read-stack-file.ts'

export async function run(args: readonly string[], context: CliContext): Promise<number> {
  const { values, positionals } = parseCommandArgs(
    'plan',
    args,
    {
      target: { type: 'string', multiple: true },
      unknown: { type: 'string' },
      ...ANSWER_SOURCE_OPTIONS,
    },
    true,
  )
  const [file, ...extra] = positionals
  if (file === undefined) {
    throw usageError(
      'plan',
      'give the stack file, e.g. compat plan stack.yaml --target kubernetes=1.34',
    )
  }
  if (extra.length > 0) throw usageError('plan', `unexpected argument '${extra[0]}'`)
  if (values.target === undefined) {
    throw usageError(
      'plan',
      'give at least one --target NAME=VERSION, e.g. --target kubernetes=1.34',
    )
  }
  const target = readDependencyPairs('plan', values.target)
  const unknown = values.unknown ?? 'block'
  if (unknown !== 'block' && unknown !== 'allow') {
    throw usageError('plan', `--unknown '${unknown}' must be block or allow`)
  }
  const source = readAnswerSource('plan', values)
  const stack = await readStackFile('plan', file, context)
  if (stack === null) return ExitCode.error
  const components = stack.map(({ name, version }): [string, string] => [name, version])
  const read = readPlanBody(
    {
      components: Object.fromEntries(components),
      target: Object.fromEntries(target),
      unknown,
    },
    null,
    'body',
  )
  if ('errors' in read) {
    throw usageError(
      'plan',
      read.errors
        .map((error) => `${error.name === 'target' ? '--target' : error.name} ${error.reason}`)
        .join('; '),
    )
  }
  // In the order of the file and of the command line (integer-like names included).
  const request = { components, target, unknown } as const
  const result = await answerQuestion<PlanResult>(
    {
      command: 'plan',
      offline: (dataset) => evaluatePlan(dataset, request),
      online: (client) => client.plan(request),
      fields: ['feasible', 'changes', 'result'],
      what: 'a plan',
      describe: describePlan,
    },
    source,
    values,
    context,
  )
  return result.feasible === true
    ? ExitCode.ok
    : result.feasible === false
      ? ExitCode.incompatible
      : ExitCode.unknown
}

function describePlan(result: PlanResult): string[] {
  const changes =
    result.changes.length === 0
      ? ['Nothing else moves.']
      : formatTable(
          ['MOVE', 'FROM', 'TO', 'REASON'],
          result.changes.map((change) => [change.component, change.from, change.to, change.reason]),
        )
  const blocking = (result.blocking ?? []).flatMap((entry) => [
    '',
    `${entry.component} is blocked by:`,
    ...(entry.pairs.length === 0
      ? ['  (its version resolves to no documented key)']
      : describePairs(entry.pairs)),
  ])
  const verdict =
    result.feasible === true ? 'feasible' : result.feasible === false ? 'infeasible' : 'undecided'
  const lines = [
    ...(result.feasible === true
      ? [...changes, '', 'The stack after the plan:', ...describePairs(result.pairs)]
      : []),
    ...blocking,
  ]
  // Blocking sections start with a blank line of their own; the output does not.
  if (lines[0] === '') lines.shift()
  return [...lines, ...(lines.length === 0 ? [] : ['']), `plan: ${verdict} — ${result.reason}`]
}
