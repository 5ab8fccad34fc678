/**
 * `compat stale`: the maintainers' re-verification worklist. Entries that are stale by the one
 * rule of `core/evidence/is-stale.ts` (never verified, or not within DAYS days; a year unless
 * told otherwise), never-verified first, then oldest first.
 */
import type { Dataset } from '../../core/dataset/build-dataset.ts'
import type { Confidence, Source } from '../../core/dataset/schema.ts'
import { evidenceAgeDays, isStale, STALE_AFTER_DAYS } from '../../core/evidence/is-stale.ts'
import { countOf, formatTable } from '../../report/format-text.ts'
import type { CliContext } from '../cli-context.ts'
import { usageError } from '../cli-error.ts'
import { ExitCode } from '../exit-codes.ts'
import { STALE_OPTIONS } from '../help/stale-help.ts'
import { parseCommandArgs } from '../parse-command-args.ts'
import { readToday } from '../read-today.ts'
import { loadValidDataset, resolveDataDir } from '../resolve-data-dir.ts'

export interface StaleEntry {
  readonly project: string
  readonly version: string
  readonly dependency: string
  readonly confidence: Confidence
  readonly lastVerified: string | null
  /** Whole days from lastVerified to today; null when never verified. */
  readonly ageDays: number | null
  readonly sources: readonly Source[]
}

export async function run(args: readonly string[], context: CliContext): Promise<number> {
  const { values } = parseCommandArgs('stale', args, STALE_OPTIONS)
  const olderThanDays = parseDays(values['older-than'])
  const today = readToday(context.env)
  const dir = await resolveDataDir('stale', values.data, context)
  const { dataset } = await loadValidDataset(dir, context)
  const entries = findStaleEntries(dataset, today, olderThanDays)
  if (values.json === true) {
    context.out(JSON.stringify({ today, olderThanDays, entries }))
    return ExitCode.ok
  }
  if (entries.length === 0) {
    context.out(
      `ok: nothing to re-verify; every entry was verified at most ${olderThanDays} days before ${today}`,
    )
    return ExitCode.ok
  }
  const rows = entries.map((entry) => [
    entry.ageDays === null ? '-' : String(entry.ageDays),
    entry.lastVerified ?? 'never',
    entry.project,
    entry.version,
    entry.dependency,
    entry.confidence,
    [...new Set(entry.sources.map((source) => source.url))].join(' ') || '-',
  ])
  const header = [
    'AGE',
    'LAST VERIFIED',
    'PROJECT',
    'VERSION',
    'DEPENDENCY',
    'CONFIDENCE',
    'SOURCES',
  ]
  for (const line of formatTable(header, rows)) context.out(line)
  const never = entries.filter((entry) => entry.lastVerified === null).length
  context.out('')
  context.out(
    `${countOf(entries.length, 'entry', 'entries')} to re-verify (older than ${olderThanDays} days on ${today}${never === 0 ? '' : `; ${never} never verified`})`,
  )
  return ExitCode.ok
}

/** Never-verified entries first, then by age, oldest first; ties keep project, version, dependency order. */
export function findStaleEntries(
  dataset: Dataset,
  today: string,
  olderThanDays: number,
): StaleEntry[] {
  const entries: StaleEntry[] = []
  for (const [id, project] of dataset.projects) {
    for (const version of project.versions) {
      for (const [dependency, { entry }] of version.dependencies) {
        if (!isStale(entry.lastVerified, today, olderThanDays)) continue
        const ageDays = evidenceAgeDays(entry.lastVerified, today)
        entries.push({
          project: id,
          version: version.key,
          dependency,
          confidence: entry.confidence,
          lastVerified: entry.lastVerified,
          ageDays,
          sources: entry.sources,
        })
      }
    }
  }
  return entries.sort(oldestFirst)
}

function oldestFirst(a: StaleEntry, b: StaleEntry): number {
  if (a.ageDays === b.ageDays) return 0
  if (a.ageDays === null) return -1
  if (b.ageDays === null) return 1
  return b.ageDays - a.ageDays
}

function parseDays(flag: string | undefined): number {
  if (flag === undefined) return STALE_AFTER_DAYS
  if (!/^\d{1,6}$/.test(flag)) {
    throw usageError('stale', `--older-than '${flag}' must be a whole number of days, e.g. 90`)
  }
  return Number(flag)
}
