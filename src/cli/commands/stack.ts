/**
 * `compat stack FILE`: is a whole stack, written in a stack file, documented compatible with
 * itself (docs/cli.md, "Stack files")? And is each component's release line still supported on
 * a day? Offline or on a server.
 */
import type { ComponentSupport, StackAnswer, Verdict } from '../../api/response-schemas.ts'
import { evaluateStackAnswer } from '../../core/stack/stack-answer.ts'
import { answerQuestion } from '../answer-question.ts'
import { ANSWER_SOURCE_OPTIONS, readAnswerSource } from '../answer-source.ts'
import type { CliContext } from '../cli-context.ts'
import { usageError } from '../cli-error.ts'
import { describePairs } from '../describe-pairs.ts'
import { daysLeftWords, statusWords, supportEndWords } from '../describe-support.ts'
import { ExitCode } from '../exit-codes.ts'
import { formatTable } from '../format-text.ts'
import { parseCommandArgs } from '../parse-command-args.ts'
import { DATE_OPTION, readDateOption } from '../read-date-option.ts'
import { readStackFile } from '../read-stack-file.ts'

const EXIT_CODE_OF_VERDICT: Readonly<Record<Verdict, number>> = {
  compatible: ExitCode.ok,
  incompatible: ExitCode.incompatible,
  unknown: ExitCode.unknown,
}

export async function run(args: readonly string[], context: CliContext): Promise<number> {
  const { values, positionals } = parseCommandArgs(
    'stack',
    args,
    { ...DATE_OPTION, 'require-supported': { type: 'boolean' }, ...ANSWER_SOURCE_OPTIONS },
    true,
  )
  const [file, ...extra] = positionals
  if (file === undefined)
    throw usageError('stack', 'give the stack file, e.g. compat stack stack.yaml')
  if (extra.length > 0) throw usageError('stack', `unexpected argument '${extra[0]}'`)
  const date = readDateOption('stack', values.date, context.env)
  const source = readAnswerSource('stack', values)
  const stack = await readStackFile('stack', file, context)
  if (stack === null) return ExitCode.error
  const components = stack.map(({ name, version }): [string, string] => [name, version])
  const result = await answerQuestion<StackAnswer>(
    {
      command: 'stack',
      offline: (dataset) => evaluateStackAnswer(dataset, { components, date }),
      online: (client) => client.stack(components, { date }),
      fields: ['compatible', 'pairs', 'resolved', 'date', 'support'],
      what: 'a stack answer',
      describe: describeStack,
    },
    source,
    values,
    context,
  )
  const verdictCode = EXIT_CODE_OF_VERDICT[result.compatible] ?? ExitCode.error
  const ended = result.support.filter((item) => item.status === 'end-of-life')
  if (values['require-supported'] === true && verdictCode === ExitCode.ok && ended.length > 0) {
    context.err(
      `compat stack: end of life on ${result.date}: ${ended.map(describeEnded).join('; ')}; the stack is compatible, but --require-supported fails it`,
    )
    return ExitCode.endOfLife
  }
  return verdictCode
}

function describeStack(result: StackAnswer): string[] {
  const components = formatTable(
    ['COMPONENT', 'VERSION', 'PROJECT', 'KEY'],
    Object.entries(result.components).map(([name, version]) => {
      const resolved = result.resolved[name]
      return [
        name,
        version,
        resolved?.project ?? '(not catalogued)',
        resolved === undefined || resolved === null ? '-' : (resolved.key ?? 'no key covers it'),
      ]
    }),
  )
  const pairs =
    result.pairs.length === 0
      ? ['No pair: no component documents another.']
      : describePairs(result.pairs)
  const unpaired =
    result.unpaired.length === 0 ? [] : ['', `In no pair: ${result.unpaired.join(', ')}.`]
  return [
    ...components,
    '',
    ...pairs,
    ...unpaired,
    '',
    ...describeSupport(result.support),
    '',
    `stack: ${result.compatible} — ${result.reason}`,
    `support on ${result.date}: ${supportSummary(result.support)}`,
  ]
}

/** Each component's release line on the day; support never changes the verdict. */
function describeSupport(support: readonly ComponentSupport[]): string[] {
  return formatTable(
    ['COMPONENT', 'VERSION', 'LINE', 'SUPPORT', 'UNTIL'],
    support.map((item) => [
      item.component,
      item.version,
      item.line ?? '-',
      statusWords(item.status),
      item.status === 'unknown' ? '-' : untilWords(item),
    ]),
  )
}

/** The end of support, with the days left while there are some. */
function untilWords(item: ComponentSupport): string {
  const until = supportEndWords(item.supportUntil)
  return item.daysLeft === null ? until : `${until} (${daysLeftWords(item.daysLeft)})`
}

const SUMMARY_ORDER = [
  'supported',
  'security-only',
  'unreleased',
  'end-of-life',
  'unknown',
] as const

/** `1 supported, 1 end of life (platform), 1 unknown (dbo)`: every component not supported is named. */
function supportSummary(support: readonly ComponentSupport[]): string {
  if (support.every((item) => item.status === 'supported')) {
    return `all ${support.length} supported`
  }
  return SUMMARY_ORDER.flatMap((status) => {
    const those = support.filter((item) => item.status === status)
    if (those.length === 0) return []
    const named =
      status === 'supported' ? '' : ` (${those.map((item) => item.component).join(', ')})`
    return [`${those.length} ${statusWords(status)}${named}`]
  }).join(', ')
}

/** `platform 1.33.2 (line 1.33, support ended 2026-06-28)`. */
function describeEnded(item: ComponentSupport): string {
  const ended =
    typeof item.supportUntil === 'string'
      ? `support ended ${item.supportUntil}`
      : 'support ended on a day not published'
  return `${item.component} ${item.version} (line ${item.line}, ${ended})`
}
