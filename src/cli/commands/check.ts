/**
 * `compat check`: one DEP=VERSION is the single check, several the combination, offline on a
 * data directory or against a running server with `--url`.
 */
import type {
  CombinationCheckResult,
  DependencyCheck,
  SingleCheckResult,
  Verdict,
} from '../../api/response-schemas.ts'
import { serializeCombinationCheck, serializeSingleCheck } from '../../api/serialize-check.ts'
import { evaluateCheck } from '../../core/check/evaluate-check.ts'
import {
  type CombinationRequest,
  evaluateCombination,
} from '../../core/check/evaluate-combination.ts'
import type { VersionLookup } from '../../core/check/resolve-project-version.ts'
import { formatTable } from '../../report/format-text.ts'
import { offlineDataset, readAnswerSource } from '../answer-source.ts'
import type { CliContext } from '../cli-context.ts'
import { CliError, usageError } from '../cli-error.ts'
import { ExitCode } from '../exit-codes.ts'
import { CHECK_OPTIONS } from '../help/check-help.ts'
import { parseCommandArgs } from '../parse-command-args.ts'
import { readCheckRequest } from '../read-check-request.ts'
import { fetchCheck } from '../remote-check.ts'
import { readVersionLookup } from '../version-lookup-option.ts'

const EXIT_CODE_OF_VERDICT: Readonly<Record<Verdict, number>> = {
  compatible: ExitCode.ok,
  incompatible: ExitCode.incompatible,
  unknown: ExitCode.unknown,
}

export async function run(args: readonly string[], context: CliContext): Promise<number> {
  const { values, positionals } = parseCommandArgs('check', args, CHECK_OPTIONS, true)
  const request = readCheckRequest(values.project, values.version, positionals)
  const source = readAnswerSource('check', values)
  if (values['version-lookup'] !== undefined && source.server !== null) {
    throw usageError(
      'check',
      '--version-lookup applies offline; with --url the server decides (GET /api/v1 shows its versionLookup)',
    )
  }
  const body =
    source.server === null
      ? await checkOffline(
          request,
          source.dataFlag,
          readVersionLookup('check', values['version-lookup'], context),
          context,
        )
      : await fetchCheck(source.server, request, source.timeoutMs)
  const result = parseResult(body, values.url)
  if (values.json === true) context.out(body)
  else for (const line of describeResult(result)) context.out(line)
  return EXIT_CODE_OF_VERDICT[result.compatible]
}

/** The JSON the server would answer, byte for byte: same evaluation, same serializer. */
async function checkOffline(
  request: CombinationRequest,
  dataFlag: string | undefined,
  lookup: VersionLookup,
  context: CliContext,
): Promise<string> {
  const dataset = await offlineDataset('check', dataFlag, context)
  const [single] = request.dependencies
  if (request.dependencies.length === 1 && single !== undefined) {
    const [dependency, dependencyVersion] = single
    return serializeSingleCheck(
      evaluateCheck(dataset, { ...request, dependency, dependencyVersion }, lookup),
    )
  }
  return serializeCombinationCheck(evaluateCombination(dataset, request, lookup))
}

type CheckResult = SingleCheckResult | CombinationCheckResult

/** A server we did not write may answer anything with a 200; only a check result is accepted. */
function parseResult(body: string, url: string | undefined): CheckResult {
  let parsed: unknown
  try {
    parsed = JSON.parse(body)
  } catch {
    parsed = null
  }
  if (typeof parsed === 'object' && parsed !== null) {
    const { compatible, checks } = parsed as { compatible?: unknown; checks?: unknown }
    const isVerdict =
      typeof compatible === 'string' && Object.hasOwn(EXIT_CODE_OF_VERDICT, compatible)
    if (isVerdict && (checks === undefined || Array.isArray(checks))) return parsed as CheckResult
  }
  throw new CliError(
    `the server at ${url} answered, but not with a check result; is --url the base URL of a compat server?`,
  )
}

function describeResult(result: CheckResult): string[] {
  if (!('checks' in result)) return checkTable([result])
  return [
    ...checkTable(result.checks),
    '',
    `${result.project} ${result.version}: ${result.compatible}${typeof result.reason === 'string' ? ` — ${result.reason}` : ''}`,
  ]
}

function checkTable(checks: readonly DependencyCheck[]): string[] {
  return formatTable(
    ['DEPENDENCY', 'VERSION', 'VERDICT', 'MATCHED', 'CONFIDENCE', 'LAST VERIFIED', 'REASON'],
    // The fields of a server's answer are shown as they come; one that is missing shows as '-'.
    checks.map((check) =>
      [
        check.dependency,
        check.dependencyVersion,
        check.compatible,
        check.matchedRange ?? check.matchedConstraint,
        check.confidence,
        check.lastVerified,
        check.reason,
      ].map((value: unknown) => (typeof value === 'string' ? value : '-')),
    ),
  )
}
