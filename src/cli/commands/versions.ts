/**
 * `compat versions --project P DEP=VERSION…`: which documented versions of a project fit these
 * dependency versions, the newest that does, and the newest that does and is supported on a
 * day (docs/cli.md), offline or on a server.
 */
import { readNamedVersions } from '../../api/named-versions.ts'
import type { VersionsResult } from '../../api/response-schemas.ts'
import { statusWords } from '../../api/support-status-words.ts'
import { valueFault } from '../../api/value-rules.ts'
import { describeUnknownProject } from '../../core/check/describe-unknown.ts'
import { evaluateVersions } from '../../core/fitting-versions/evaluate-versions.ts'
import { formatTable } from '../../report/format-text.ts'
import { answerQuestion } from '../answer-question.ts'
import { readAnswerSource } from '../answer-source.ts'
import type { CliContext } from '../cli-context.ts'
import { CliError, usageError } from '../cli-error.ts'
import { ExitCode } from '../exit-codes.ts'
import { VERSIONS_OPTIONS } from '../help/versions-help.ts'
import { parseCommandArgs } from '../parse-command-args.ts'
import { readDependencyPairs } from '../read-check-request.ts'
import { readDateOption } from '../read-date-option.ts'

export async function run(args: readonly string[], context: CliContext): Promise<number> {
  const { values, positionals } = parseCommandArgs('versions', args, VERSIONS_OPTIONS, true)
  const project = values.project
  if (project === undefined) throw usageError('versions', '--project is required')
  const dependencies = readDependencyPairs('versions', positionals)
  const read = readNamedVersions('dependencies', Object.fromEntries(dependencies), null, 'body')
  if ('errors' in read) {
    throw usageError(
      'versions',
      read.errors.map((error) => `DEP=VERSION: ${error.reason}`).join('; '),
    )
  }
  const projectFault = valueFault(project)
  if (projectFault !== null) throw usageError('versions', `--project ${projectFault}`)
  const date = readDateOption('versions', values.date, context.env)
  const source = readAnswerSource('versions', values)
  const result = await answerQuestion<VersionsResult>(
    {
      command: 'versions',
      offline: (dataset) => {
        const answer = evaluateVersions(dataset, { project, dependencies, date })
        if (answer === undefined) throw new CliError(describeUnknownProject(dataset, project))
        return answer
      },
      online: (client) => client.versions(project, dependencies, { date }),
      fields: ['newestCompatible', 'versions', 'date', 'newestSupportedCompatible'],
      what: 'a versions answer',
      describe: (result) => describeVersions(result, dependencies),
    },
    source,
    values,
    context,
  )
  if (result.newestCompatible !== null) return ExitCode.ok
  const verdicts = result.versions.map((version) => version.compatible)
  return !verdicts.includes('compatible') && verdicts.includes('incompatible')
    ? ExitCode.incompatible
    : ExitCode.unknown
}

/**
 * One row per version: its verdict, its support on the day, then per dependency the range that
 * matched or the verdict.
 */
function describeVersions(
  result: VersionsResult,
  dependencies: readonly (readonly [string, string])[],
): string[] {
  const names = dependencies.map(([name, version]) => `${name} ${version}`)
  const table = formatTable(
    ['VERSION', 'VERDICT', 'SUPPORT', ...names.map((name) => name.toUpperCase())],
    result.versions.map((version) => [
      version.since ? `${version.version} (since)` : version.version,
      version.compatible,
      statusWords(version.status),
      ...version.checks.map((check) =>
        check.compatible === 'compatible'
          ? (check.matchedRange ?? check.matchedConstraint ?? 'compatible')
          : check.compatible,
      ),
    ]),
  )
  const asked = names.join(', ')
  const summary =
    result.newestCompatible === null
      ? `No documented version of ${result.project} is documented compatible with ${asked}.`
      : `Newest compatible with ${asked}: ${result.project} ${result.newestCompatible}${supportedClause(result)}.`
  return [...table, '', summary]
}

/**
 * What the newest compatible version's support adds on the day: nothing when no version's
 * support is known (no lifecycle data), else whether it or an older compatible one is supported.
 */
function supportedClause(result: VersionsResult): string {
  const { newestCompatible, newestSupportedCompatible, date } = result
  if (result.versions.every((version) => version.status === 'unknown')) return ''
  if (newestSupportedCompatible === null) return `; no compatible version is supported on ${date}`
  if (newestSupportedCompatible === newestCompatible) return ` (supported on ${date})`
  return `; newest compatible and supported on ${date}: ${result.project} ${newestSupportedCompatible}`
}
