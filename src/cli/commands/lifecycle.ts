/**
 * `compat lifecycle PROJECT`: a project's release lines and where each stands on a day
 * (docs/cli.md), offline or on a server.
 */
import type { LifecycleLineResult, LifecycleResult } from '../../api/response-schemas.ts'
import { statusWords } from '../../api/support-status-words.ts'
import { valueFault } from '../../api/value-rules.ts'
import { describeUnknownProject } from '../../core/check/describe-unknown.ts'
import { evaluateLifecycle } from '../../core/lifecycle/evaluate-lifecycle.ts'
import type { SupportStatus } from '../../core/lifecycle/support-status.ts'
import { countOf, formatTable } from '../../report/format-text.ts'
import { daysLeftWords, supportEndWords } from '../../report/support-words.ts'
import { answerQuestion } from '../answer-question.ts'
import { readAnswerSource } from '../answer-source.ts'
import type { CliContext } from '../cli-context.ts'
import { CliError, usageError } from '../cli-error.ts'
import { ExitCode } from '../exit-codes.ts'
import { LIFECYCLE_OPTIONS } from '../help/lifecycle-help.ts'
import { parseCommandArgs } from '../parse-command-args.ts'
import { readDateOption } from '../read-date-option.ts'

export async function run(args: readonly string[], context: CliContext): Promise<number> {
  const { values, positionals } = parseCommandArgs('lifecycle', args, LIFECYCLE_OPTIONS, true)
  const [project, ...extra] = positionals
  if (project === undefined) {
    throw usageError('lifecycle', 'give the project, e.g. compat lifecycle kubernetes')
  }
  if (extra.length > 0) throw usageError('lifecycle', `unexpected argument '${extra[0]}'`)
  const projectFault = valueFault(project)
  if (projectFault !== null) throw usageError('lifecycle', `PROJECT ${projectFault}`)
  const date = readDateOption('lifecycle', values.date, context.env)
  const source = readAnswerSource('lifecycle', values)
  await answerQuestion<LifecycleResult>(
    {
      command: 'lifecycle',
      offline: (dataset) => {
        const answer = evaluateLifecycle(dataset, project, date)
        if (answer === undefined) throw new CliError(describeUnknownProject(dataset, project))
        return answer
      },
      online: (client) => client.lifecycle(project, { date }),
      fields: ['date', 'lines'],
      what: 'a lifecycle answer',
      describe: describeLifecycle,
    },
    source,
    values,
    context,
  )
  return ExitCode.ok
}

/** The lines newest first, then how many stand where on the day. */
export function describeLifecycle(result: LifecycleResult): string[] {
  if (result.lines.length === 0) {
    return [`${result.project}: no support windows are recorded (no lifecycle data).`]
  }
  // Few projects have extended support: the column only when one of their lines does.
  const extended = result.lines.some((line) => line.extendedSupportUntil !== null)
  const table = formatTable(
    [
      'LINE',
      'RELEASED',
      'ACTIVE SUPPORT UNTIL',
      'SUPPORT UNTIL',
      ...(extended ? ['EXTENDED SUPPORT UNTIL'] : []),
      'STATUS',
      'DAYS LEFT',
    ],
    result.lines.map((line) => [
      line.lts ? `${line.line} (LTS)` : line.line,
      line.released,
      activeSupportWords(line),
      supportEndWords(line.supportUntil),
      // No extended programme is not an ongoing one.
      ...(extended
        ? [line.extendedSupportUntil === null ? '-' : supportEndWords(line.extendedSupportUntil)]
        : []),
      statusWords(line.status),
      daysLeftWords(line.daysLeft),
    ]),
  )
  const verified =
    result.lastVerified === null ? 'never verified' : `last verified ${result.lastVerified}`
  return [
    ...table,
    '',
    `${result.project} on ${result.date}: ${standings(result.lines)}; confidence ${result.confidence}, ${verified}.`,
  ]
}

/** A line that is over and had no separate end of active support shows none, not `ongoing`. */
function activeSupportWords(line: LifecycleLineResult): string {
  if (line.activeSupportUntil === null && line.status === 'end-of-life') return '-'
  return supportEndWords(line.activeSupportUntil)
}

const SUMMARY_ORDER: readonly SupportStatus[] = [
  'supported',
  'security-only',
  'unreleased',
  'end-of-life',
]

/** `of 4 lines, 1 supported (1.35), 3 end of life`: the lines not over are named. */
function standings(lines: readonly LifecycleLineResult[]): string {
  const parts = SUMMARY_ORDER.flatMap((status) => {
    const those = lines.filter((line) => line.status === status)
    if (those.length === 0) return []
    const named = status === 'end-of-life' ? '' : ` (${those.map((line) => line.line).join(', ')})`
    return [`${those.length} ${statusWords(status)}${named}`]
  })
  return `of ${countOf(lines.length, 'line')}, ${parts.join(', ')}`
}
