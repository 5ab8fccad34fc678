/**
 * `compat plan FILE --target NAME=VERSION…`: what must move, and to what, for the target to
 * hold in the stack of FILE (docs/cli.md, "compat plan"), offline or on a server. With
 * `--from FILE…`, the stack derived from files people already have is the current stack
 * (docs/cli.md, "Stacks from files"). `--path` asks for the steps that get there, one hop of
 * one component each; `--supported-on DAY` asks that every component with lifecycle data end
 * at a line supported on that day (then `--target` may be left out).
 */
import { readPlanBody } from '../../api/named-versions.ts'
import { planTargetFaults } from '../../api/plan-target-faults.ts'
import { MAX_DEPENDENCIES } from '../../api/request-limits.ts'
import type { PlanResult } from '../../api/response-schemas.ts'
import { evaluatePlan, type PlanRequest } from '../../core/plan/evaluate-plan.ts'
import type { KeyPreference } from '../../core/plan/stack-search.ts'
import type { DerivedFile } from '../../data/stack-files/merge-derived-stacks.ts'
import { countOf } from '../../report/format-text.ts'
import { answerQuestion } from '../answer-question.ts'
import { type AnswerSource, readAnswerSource } from '../answer-source.ts'
import type { CliContext } from '../cli-context.ts'
import { CliError, usageError } from '../cli-error.ts'
import { describePlan } from '../describe-plan.ts'
import { ExitCode } from '../exit-codes.ts'
import { PLAN_OPTIONS } from '../help/plan-help.ts'
import { type ParsedValues, parseCommandArgs } from '../parse-command-args.ts'
import { readDependencyPairs } from '../read-check-request.ts'
import { readDayOption } from '../read-date-option.ts'
import { readStackFile } from '../read-stack-file.ts'
import { readToday } from '../read-today.ts'
import { fromArgs, type StackFromFiles, stackFromFiles, stackPairs } from '../stack-from-files.ts'

type PlanValues = ParsedValues<typeof PLAN_OPTIONS>

/** What the command line asks, read and checked before any file is. */
interface PlanAsk {
  readonly file: string | undefined
  readonly target: [string, string][]
  readonly unknown: 'block' | 'allow'
  /** Only what was asked is sent: a plan without --path or --supported-on is the plan as before. */
  readonly asked: Pick<PlanRequest, 'path' | 'supportedOn' | 'prefer'>
}

/** The stack to plan from, and who answers. */
interface CurrentStack {
  readonly source: AnswerSource
  readonly components: [string, string][]
  readonly fromFiles: readonly DerivedFile[] | undefined
}

export async function run(args: readonly string[], context: CliContext): Promise<number> {
  const { values, positionals } = parseCommandArgs('plan', args, PLAN_OPTIONS, true)
  const ask = readPlanAsk(values, positionals)
  const current = await readCurrentStack(values, ask, context)
  if (current === null) return ExitCode.error
  const request = planRequest(current.components, ask)
  const result = await answerQuestion<PlanResult>(
    {
      command: 'plan',
      offline: (dataset) => {
        // A server refuses such a target with a 400, which is exit 3 too.
        const faults = planTargetFaults(dataset, request, 'body')
        if (faults.length > 0) {
          throw usageError('plan', faults.map((fault) => `--target ${fault.reason}`).join('; '))
        }
        return evaluatePlan(dataset, request, readToday(context.env))
      },
      online: (client) => client.plan(request),
      fields: ['feasible', 'changes', 'result'],
      what: 'a plan',
      describe: describePlan,
    },
    current.source,
    values,
    context,
    current.fromFiles,
  )
  return result.feasible === true
    ? ExitCode.ok
    : result.feasible === false
      ? ExitCode.incompatible
      : ExitCode.unknown
}

function readPlanAsk(values: PlanValues, positionals: readonly string[]): PlanAsk {
  const [file, ...extra] = positionals
  if (extra.length > 0) throw usageError('plan', `unexpected argument '${extra[0]}'`)
  if (file !== undefined && values.from !== undefined) {
    throw usageError('plan', `give a stack file or --from FILE, not both ('${file}')`)
  }
  if (file === undefined && values.from === undefined) {
    throw usageError(
      'plan',
      'give the stack file, e.g. compat plan stack.yaml --target kubernetes=1.34, or the files to derive it from, e.g. compat plan --from sbom.json --target nodejs=22',
    )
  }
  const supportedOn =
    values['supported-on'] === undefined
      ? undefined
      : readDayOption('plan', 'supported-on', values['supported-on'])
  if (values.target === undefined && supportedOn === undefined) {
    throw usageError(
      'plan',
      'give at least one --target NAME=VERSION or --supported-on YYYY-MM-DD, e.g. --target kubernetes=1.34 or --supported-on 2027-06-30',
    )
  }
  const target = values.target === undefined ? [] : readDependencyPairs('plan', values.target)
  const unknown = values.unknown ?? 'block'
  if (unknown !== 'block' && unknown !== 'allow') {
    throw usageError('plan', `--unknown '${unknown}' must be block or allow`)
  }
  const prefer = readPrefer(values.prefer)
  const asked = {
    ...(values.path === true ? { path: true } : {}),
    ...(supportedOn === undefined ? {} : { supportedOn }),
    ...(prefer === undefined ? {} : { prefer }),
  }
  return { file, target, unknown, asked }
}

/** The stack of the file, or derived from the --from files (null: a fault was printed). */
async function readCurrentStack(
  values: PlanValues,
  { file, target }: PlanAsk,
  context: CliContext,
): Promise<CurrentStack | null> {
  if (values.from === undefined) {
    const source = readAnswerSource('plan', values)
    const stack = await readStackFile('plan', file as string, context)
    if (stack === null) return null
    const components = stack.map(({ name, version }): [string, string] => [name, version])
    return { source, components, fromFiles: undefined }
  }
  // --data with --url names the data the files are matched on here.
  const server = readAnswerSource('plan', { url: values.url, timeout: values.timeout })
  const derived = await stackFromFiles('plan', values.from, values.data, context)
  if (derived === null) return null
  const components = stackPairs(derived.components)
  requirePlannable(derived)
  if (server.server === null) {
    const source = { server: null, dataFlag: values.data, dataset: derived.dataset }
    return { source, components, fromFiles: derived.files }
  }
  context.err(
    `compat plan: matched here on ${derived.data}; the ${countOf(components.length, 'component')} derived go to ${server.server.href} with ${target.length === 0 ? 'the day to be supported on' : 'the targets'}`,
  )
  return { source: server, components, fromFiles: derived.files }
}

/** The request, checked by the API's own reader of a plan's body (its faults named by flag). */
function planRequest(components: [string, string][], ask: PlanAsk): PlanRequest {
  const { target, unknown, asked } = ask
  const read = readPlanBody(
    {
      components: Object.fromEntries(components),
      ...(target.length === 0 ? {} : { target: Object.fromEntries(target) }),
      unknown,
      ...asked,
    },
    null,
    'body',
  )
  if ('errors' in read) {
    throw usageError(
      'plan',
      read.errors
        .map((error) => `${FLAG_OF_FIELD[error.name] ?? error.name} ${error.reason}`)
        .join('; '),
    )
  }
  // In the order of the file and of the command line (integer-like names included).
  return { components, target, unknown, ...asked }
}

/** Which key a moved component lands on: `--prefer lowest` (the default) or `--prefer newest`. */
function readPrefer(value: string | undefined): KeyPreference | undefined {
  if (value === undefined || value === 'lowest' || value === 'newest') return value
  throw usageError('plan', `--prefer '${value}' must be lowest or newest`)
}

/** The option that gave each field of the plan's body, for its faults. */
const FLAG_OF_FIELD: Readonly<Record<string, string>> = {
  target: '--target',
  unknown: '--unknown',
  path: '--path',
  supportedOn: '--supported-on',
  prefer: '--prefer',
}

/** A plan starts from a stack of 1 to 32 components. */
function requirePlannable(derived: StackFromFiles): void {
  const count = derived.components.length
  const files = derived.files.map((file) => file.file)
  if (count === 0) {
    throw new CliError(
      `nothing in ${files.join(', ')} matched a catalogued project on ${derived.data}, so there is no stack to plan from; 'compat stack ${fromArgs(files)}' lists what was left out`,
    )
  }
  if (count > MAX_DEPENDENCIES) {
    throw new CliError(
      `the stack derived from ${files.join(', ')} has ${count} components, and a plan takes at most ${MAX_DEPENDENCIES}; write it as a stack file (compat stack ${fromArgs(files)} --write stack.yaml), keep the components that matter, and plan from that`,
    )
  }
}
