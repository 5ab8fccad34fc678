/**
 * `compat dependency KEY [--version V]`: who documents a dependency, judged for a version when
 * one is given (docs/cli.md), offline or on a server.
 */
import type { DependencyUse, DependencyView } from '../../api/response-schemas.ts'
import { valueFault } from '../../api/value-rules.ts'
import { evaluateDependency } from '../../core/dependencies/evaluate-dependency.ts'
import { countOf, formatTable } from '../../report/format-text.ts'
import { answerQuestion } from '../answer-question.ts'
import { readAnswerSource } from '../answer-source.ts'
import type { CliContext } from '../cli-context.ts'
import { CliError, usageError } from '../cli-error.ts'
import { ExitCode } from '../exit-codes.ts'
import { DEPENDENCY_OPTIONS } from '../help/dependency-help.ts'
import { parseCommandArgs } from '../parse-command-args.ts'
import { readToday } from '../read-today.ts'

export async function run(args: readonly string[], context: CliContext): Promise<number> {
  const { values, positionals } = parseCommandArgs('dependency', args, DEPENDENCY_OPTIONS, true)
  const [dependency, ...extra] = positionals
  if (dependency === undefined) {
    throw usageError('dependency', 'give the dependency key, e.g. compat dependency postgresql')
  }
  if (extra.length > 0) throw usageError('dependency', `unexpected argument '${extra[0]}'`)
  for (const [what, value] of [
    ['the dependency key', dependency],
    ['--version', values.version],
  ] as const) {
    const fault = value === undefined ? null : valueFault(value)
    if (fault !== null) throw usageError('dependency', `${what} ${fault}`)
  }
  const { version } = values
  const source = readAnswerSource('dependency', values)
  await answerQuestion<DependencyView>(
    {
      command: 'dependency',
      offline: (dataset) => {
        const view = evaluateDependency(dataset, {
          dependency,
          ...(version === undefined ? {} : { version }),
          date: readToday(context.env),
        })
        if ('unknown' in view) throw new CliError(view.unknown)
        return view
      },
      online: (client) => client.dependency(dependency, version),
      fields: ['dependency', 'entries'],
      what: 'a dependency view',
      describe: describeView,
    },
    source,
    values,
    context,
  )
  return ExitCode.ok
}

function describeView(view: DependencyView): string[] {
  const judged = view.version !== null
  const table = formatTable(
    [
      'PROJECT',
      'VERSION',
      'KEY',
      'DOCUMENTED',
      'RELATIONSHIP',
      'CONFIDENCE',
      'LAST VERIFIED',
      ...(judged ? ['VERDICT', 'REASON'] : []),
    ],
    view.entries.map((row) => [
      row.project,
      row.since ? `${row.version} (since)` : row.version,
      row.key,
      documented(row),
      row.relationship,
      row.confidence,
      row.lastVerified ?? 'never',
      ...(judged ? [row.compatible ?? '-', row.reason ?? '-'] : []),
    ]),
  )
  const projects = new Set(view.entries.map((row) => row.project)).size
  const linked = view.project === null ? '' : ` (the catalogued project ${view.project})`
  let summary = `${countOf(view.entries.length, 'entry', 'entries')} in ${countOf(projects, 'project')} document ${view.dependency}${linked}.`
  if (judged) {
    const count = (verdict: string) =>
      view.entries.filter((row) => row.compatible === verdict).length
    summary += ` With ${view.version}: ${count('compatible')} compatible, ${count('incompatible')} incompatible, ${count('unknown')} unknown.`
  }
  return [...table, '', summary]
}

/** Ranges as written, the constraint in words, and whether they are tested versions only. */
function documented(row: DependencyUse): string {
  const parts = [...row.ranges]
  for (const constraint of row.constraints) parts.push(constraint.type)
  const text = parts.length === 0 ? 'no documented range' : parts.join(', ')
  return row.basis === 'tested' ? `${text} (tested)` : text
}
