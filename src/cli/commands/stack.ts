/**
 * `compat stack FILE`: is a whole stack, written in a stack file, documented compatible with
 * itself (docs/cli.md, "Stack files")? Offline or on a server.
 */
import type { StackResult, Verdict } from '../../api/response-schemas.ts'
import { evaluateStack } from '../../core/stack/evaluate-stack.ts'
import { answerQuestion } from '../answer-question.ts'
import { ANSWER_SOURCE_OPTIONS, readAnswerSource } from '../answer-source.ts'
import type { CliContext } from '../cli-context.ts'
import { usageError } from '../cli-error.ts'
import { describePairs } from '../describe-pairs.ts'
import { ExitCode } from '../exit-codes.ts'
import { formatTable } from '../format-text.ts'
import { parseCommandArgs } from '../parse-command-args.ts'
import { readStackFile } from '../read-stack-file.ts'

const EXIT_CODE_OF_VERDICT: Readonly<Record<Verdict, number>> = {
  compatible: ExitCode.ok,
  incompatible: ExitCode.incompatible,
  unknown: ExitCode.unknown,
}

export async function run(args: readonly string[], context: CliContext): Promise<number> {
  const { values, positionals } = parseCommandArgs('stack', args, ANSWER_SOURCE_OPTIONS, true)
  const [file, ...extra] = positionals
  if (file === undefined)
    throw usageError('stack', 'give the stack file, e.g. compat stack stack.yaml')
  if (extra.length > 0) throw usageError('stack', `unexpected argument '${extra[0]}'`)
  const source = readAnswerSource('stack', values)
  const stack = await readStackFile('stack', file, context)
  if (stack === null) return ExitCode.error
  const components = stack.map(({ name, version }): [string, string] => [name, version])
  const result = await answerQuestion<StackResult>(
    {
      command: 'stack',
      offline: (dataset) => evaluateStack(dataset, { components }),
      online: (client) => client.stack(components),
      fields: ['compatible', 'pairs', 'resolved'],
      what: 'a stack answer',
      describe: describeStack,
    },
    source,
    values,
    context,
  )
  return EXIT_CODE_OF_VERDICT[result.compatible] ?? ExitCode.error
}

function describeStack(result: StackResult): string[] {
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
    `stack: ${result.compatible} — ${result.reason}`,
  ]
}
