/**
 * `compat scan [DIR]`: what a repository runs on, from the files it already has — images,
 * version files, engines, requires-python, workflows, charts, lockfiles — each judged on a day
 * at its file and line, with the problems as a text report, JSON or SARIF, and an exit code
 * for CI (docs/cli.md, "compat scan"). With `--plan`, the path from the pins past their end of
 * life to a stack supported on the day.
 */
import { stat } from 'node:fs/promises'
import { resolve } from 'node:path'
import { nearestNames, quotedAlternatives } from '../../core/names/nearest-names.ts'
import { evaluatePlan } from '../../core/plan/evaluate-plan.ts'
import { evaluateScan } from '../../core/scan/evaluate-scan.ts'
import { scanPlanRequest } from '../../core/scan/scan-plan-request.ts'
import type { ScanReport } from '../../core/scan/scan-report.ts'
import { DEFAULT_FAIL_ON, SCAN_RULE_IDS, type ScanRuleId } from '../../core/scan/scan-rules.ts'
import { readRepository } from '../../data/repository/read-repository.ts'
import { packageVersion } from '../../package-version.ts'
import { countOf } from '../../report/format-text.ts'
import { scanSarif } from '../../report/scan-sarif.ts'
import { scanText } from '../../report/scan-text.ts'
import { offlineDataset } from '../answer-source.ts'
import type { CliContext } from '../cli-context.ts'
import { CliError, usageError } from '../cli-error.ts'
import { describePlan } from '../describe-plan.ts'
import { ExitCode } from '../exit-codes.ts'
import { SCAN_OPTIONS } from '../help/scan-help.ts'
import { parseCommandArgs } from '../parse-command-args.ts'
import { readDateOption } from '../read-date-option.ts'

const FORMATS = ['text', 'json', 'sarif'] as const

export async function run(args: readonly string[], context: CliContext): Promise<number> {
  const { values, positionals } = parseCommandArgs('scan', args, SCAN_OPTIONS, true)
  const [directory = '.', ...extra] = positionals
  if (extra.length > 0)
    throw usageError('scan', `unexpected argument '${extra[0]}'; give one folder`)
  const format = readFormat(values.format, values.json === true)
  const failOn = readFailOn(values['fail-on'])
  const date = readDateOption('scan', values.date, context.env)
  const root = resolve(context.cwd, directory)
  const info = await stat(root).catch(() => null)
  if (info === null || !info.isDirectory()) {
    throw new CliError(
      `${directory}: ${info === null ? 'no such folder' : 'not a folder'}; give the folder of the repository to scan (default: .)`,
    )
  }
  const dataset = await offlineDataset('scan', values.data, context)
  const reading = readRepository(root)
  const { findings, problems } = evaluateScan(dataset, reading.declarations, date)
  const failed = problems.some((problem) => (failOn as readonly string[]).includes(problem.rule))
  const planned = values.plan === true ? scanPlanRequest(findings, date) : undefined
  const report: ScanReport = {
    directory,
    date,
    files: { seen: reading.seen, read: reading.read },
    findings: [...findings],
    problems: [...problems],
    faults: [...reading.faults],
    failOn: [...failOn],
    failed,
    ...(planned === undefined
      ? {}
      : { plan: planned === null ? null : evaluatePlan(dataset, planned.request, date) }),
  }
  if (format === 'json') context.out(JSON.stringify(report, null, 2))
  else if (format === 'sarif')
    context.out(JSON.stringify(scanSarif(report, packageVersion()), null, 2))
  else {
    for (const line of scanText(report)) context.out(line)
    if (planned !== undefined)
      for (const line of planLines(report, planned?.leftOut ?? [])) context.out(line)
  }
  return failed ? ExitCode.incompatible : ExitCode.ok
}

function readFormat(value: string | undefined, json: boolean): (typeof FORMATS)[number] {
  if (json && value !== undefined && value !== 'json') {
    throw usageError('scan', `--json and --format ${value} ask for two formats; give one`)
  }
  const format = value ?? (json ? 'json' : 'text')
  if (!(FORMATS as readonly string[]).includes(format)) {
    throw usageError('scan', `--format '${format}' must be text, json or sarif`)
  }
  return format as (typeof FORMATS)[number]
}

/** `--fail-on end-of-life,security-only`, or `none`; the default fails on end-of-life and incompatible. */
export function readFailOn(value: string | undefined): readonly ScanRuleId[] {
  if (value === undefined) return DEFAULT_FAIL_ON
  const names = value
    .split(',')
    .map((name) => name.trim())
    .filter((name) => name !== '')
  if (names.length === 1 && names[0] === 'none') return []
  if (names.length === 0)
    throw usageError('scan', "--fail-on needs rules, e.g. end-of-life,incompatible, or 'none'")
  for (const name of names) {
    if ((SCAN_RULE_IDS as readonly string[]).includes(name)) continue
    const near = nearestNames(name, SCAN_RULE_IDS)
    throw usageError(
      'scan',
      `--fail-on: '${name}' is no rule${near.length === 0 ? '' : ` (did you mean ${quotedAlternatives(near)}?)`}; the rules are ${SCAN_RULE_IDS.join(', ')}, or none`,
    )
  }
  return SCAN_RULE_IDS.filter((id) => names.includes(id))
}

/** After the report, with --plan: the path to a supported stack, or why there is none to plan. */
function planLines(report: ScanReport, leftOut: readonly string[]): string[] {
  if (report.plan == null) {
    return ['', `plan: no pin is past its end of life on ${report.date}: nothing to plan.`]
  }
  const components = Object.keys(report.plan.components)
  return [
    '',
    `plan: to a stack supported on ${report.date}, one step at a time, from the oldest pin of each of ${countOf(components.length, 'catalogued project')} (${components.map((name) => `${name} ${report.plan?.components[name]}`).join(', ')}):`,
    ...(leftOut.length === 0
      ? []
      : [`(left out, over the 32 a plan takes: ${leftOut.join(', ')})`]),
    ...describePlan(report.plan),
  ]
}
