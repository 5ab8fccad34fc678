/**
 * `compat refresh [PROJECT…]`: every project whose releases come from a package registry (npm,
 * PyPI, a Helm repository) brought up to its registry in one command (data/README.md,
 * "Refresh"): its packaging metadata read and imported as `compat import` would, only the files
 * whose text changed written, then what is still without a key. A release line released more
 * than LATE_AFTER_DAYS ago and newer than every key makes the exit code 1.
 */
import { basename, extname } from 'node:path'
import type { CompiledProject } from '../../core/dataset/build-dataset.ts'
import { findProject } from '../../core/dataset/build-dataset.ts'
import { displayPath } from '../../data/display-path.ts'
import { countOf } from '../../report/format-text.ts'
import type { CliContext } from '../cli-context.ts'
import { usageError } from '../cli-error.ts'
import { ExitCode } from '../exit-codes.ts'
import { REFRESH_OPTIONS } from '../help/refresh-help.ts'
import { mapAtMost } from '../map-at-most.ts'
import { parseCommandArgs } from '../parse-command-args.ts'
import { parseTimeoutMs } from '../parse-timeout.ts'
import { readToday } from '../read-today.ts'
import {
  importerOf,
  type LineWithoutKey,
  type RefreshOutcome,
  refreshProject,
} from '../refresh-project.ts'
import { loadValidDataset, resolveDataDir } from '../resolve-data-dir.ts'

/** Registries read at once: full package documents are large. */
const AT_ONCE = 4
/** How long a new release line may go without a key (docs/operations.md, "Refreshing the data"). */
export const LATE_AFTER_DAYS = 21
const DAY_MS = 24 * 60 * 60 * 1000

export async function run(args: readonly string[], context: CliContext): Promise<number> {
  const { values, positionals } = parseCommandArgs('refresh', args, REFRESH_OPTIONS, true)
  const timeoutMs = parseTimeoutMs(
    'refresh',
    values.timeout,
    REFRESH_OPTIONS.timeout.defaultSeconds,
  )
  const dir = await resolveDataDir('refresh', values.data, context)
  const loaded = await loadValidDataset(dir, context)
  const { dataset } = loaded
  const named = positionals.map((name) => {
    const project = findProject(dataset, name)
    if (project === undefined) throw usageError('refresh', `no project '${name}' in the data`)
    return project
  })
  const projects =
    named.length > 0
      ? named
      : [...dataset.projects.values()].filter(
          (project) => importerOf(project.document.upstream) !== null,
        )
  const files = new Map(loaded.files.map((file) => [basename(file, extname(file)), file] as const))
  const today = readToday(context.env)
  const settings = { today, timeoutMs, dryRun: values['dry-run'] === true }
  const outcomes = await mapAtMost(projects, AT_ONCE, (project: CompiledProject) =>
    refreshProject(project, files.get(project.document.id) ?? '', settings, context),
  )
  for (const outcome of outcomes) printOutcome(outcome, today, context)
  printSummary(outcomes, today, settings.dryRun, context)
  if (outcomes.some((outcome) => outcome.kind === 'failed')) return ExitCode.error
  return outcomes.some((outcome) => lateLines(outcome, today).length > 0)
    ? ExitCode.partial
    : ExitCode.ok
}

/** Lines newer than every key whose first release is more than LATE_AFTER_DAYS old. */
function lateLines(outcome: RefreshOutcome, today: string): LineWithoutKey[] {
  if (outcome.kind !== 'read') return []
  return outcome.newerLines.filter((line) => (daysSince(line, today) ?? 0) > LATE_AFTER_DAYS)
}

function daysSince(line: LineWithoutKey, today: string): number | null {
  if (line.firstReleased === null) return null
  return Math.round((Date.parse(today) - Date.parse(line.firstReleased)) / DAY_MS)
}

function printOutcome(outcome: RefreshOutcome, today: string, context: CliContext): void {
  const { project } = outcome
  if (outcome.kind === 'failed') {
    context.err(`compat refresh: ${project}: ${outcome.error}`)
    return
  }
  if (outcome.kind === 'not refreshed') return
  for (const change of outcome.changes) context.out(`${project}: ${change}`)
  for (const item of outcome.leftOut) context.out(`${project}: left out ${item}`)
  const describe = (line: LineWithoutKey) => {
    const days = daysSince(line, today)
    const since =
      line.firstReleased === null ? '' : `, first released ${line.firstReleased} (${days} days)`
    return `${line.line} (${line.newest}${since})`
  }
  const declaring = outcome.newerLines.filter((line) => line.declares)
  const silent = outcome.newerLines.filter((line) => !line.declares)
  if (declaring.length > 0) {
    context.out(
      `${project}: no key yet for ${declaring.map(describe).join(', ')}: a declaration was left out (above)`,
    )
  }
  if (silent.length > 0) {
    context.out(
      `${project}: no key for ${listed(silent.map(describe), 4)}: their releases declare nothing the ${outcome.importer} importer reads`,
    )
  }
  if (outcome.counts.added + outcome.counts.changed + outcome.counts.removed > 0) {
    const counts = `${outcome.counts.added} added, ${outcome.counts.changed} changed, ${outcome.counts.removed} removed`
    context.out(
      `${project}: ${outcome.written ? 'wrote' : 'would write'} ${displayPath(outcome.file, context.cwd)} (${counts})`,
    )
  }
}

/** The first `shown` items, then how many more. */
function listed(items: readonly string[], shown: number): string {
  return items.length <= shown + 1
    ? items.join(', ')
    : `${items.slice(0, shown).join(', ')} and ${items.length - shown} older lines`
}

function printSummary(
  outcomes: readonly RefreshOutcome[],
  today: string,
  dryRun: boolean,
  context: CliContext,
): void {
  const read = outcomes.filter((outcome) => outcome.kind === 'read')
  const written = read.filter(
    (outcome) => outcome.counts.added + outcome.counts.changed + outcome.counts.removed > 0,
  )
  const sum = (field: 'added' | 'changed' | 'removed') =>
    written.reduce((total, outcome) => total + outcome.counts[field], 0)
  const late = read.filter((outcome) => lateLines(outcome, today).length > 0)
  const failed = outcomes.filter((outcome) => outcome.kind === 'failed')
  const skipped = outcomes.filter((outcome) => outcome.kind === 'not refreshed')
  const notes = [
    `${countOf(read.length, 'project')} read`,
    `${countOf(written.length, 'file')} ${dryRun ? 'to write' : 'written'} (${sum('added')} entries added, ${sum('changed')} changed, ${sum('removed')} removed)`,
    late.length === 0
      ? `no release line older than ${LATE_AFTER_DAYS} days without a key`
      : `${countOf(late.length, 'project')} with a release line older than ${LATE_AFTER_DAYS} days and no key (${late.map((outcome) => outcome.project).join(', ')})`,
    ...(failed.length === 0
      ? []
      : [
          `${failed.length} could not be refreshed (${failed.map((outcome) => outcome.project).join(', ')})`,
        ]),
  ]
  context.out(`refresh: ${notes.join('; ')}`)
  for (const outcome of skipped) {
    if (outcome.kind === 'not refreshed') {
      context.out(`not refreshed: ${outcome.project}: ${outcome.reason}`)
    }
  }
}
