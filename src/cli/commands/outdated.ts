/**
 * `compat outdated [PROJECT…]`: what each project has released that its document does not
 * cover (data/README.md, "Where releases are published"): the newest documented key, the newest
 * release, the release lines newer than the documentation and the lines inside it that have no
 * key. An upstream that cannot be read is reported for its project; the others are still read.
 * From the data alone, the documented lines that are end of life today while a newer documented
 * line is supported.
 */

import { statusWords } from '../../api/support-status-words.ts'
import type { CompiledProject } from '../../core/dataset/build-dataset.ts'
import { findProject } from '../../core/dataset/build-dataset.ts'
import type { Upstream } from '../../core/dataset/schema.ts'
import {
  type EndOfLifeLine,
  endOfLifeLines,
  type SupportedLine,
} from '../../core/lifecycle/end-of-life-lines.ts'
import { compareReleases, type ReleaseComparison } from '../../core/releases/compare-releases.ts'
import { UpstreamError } from '../../registry/fetch-upstream.ts'
import { upstreamReleases } from '../../registry/upstream-releases.ts'
import { countOf, formatTable } from '../../report/format-text.ts'
import { supportEndWords } from '../../report/support-words.ts'
import type { CliContext } from '../cli-context.ts'
import { usageError } from '../cli-error.ts'
import { ExitCode } from '../exit-codes.ts'
import { OUTDATED_OPTIONS } from '../help/outdated-help.ts'
import { mapAtMost } from '../map-at-most.ts'
import { parseCommandArgs } from '../parse-command-args.ts'
import { parseTimeoutMs } from '../parse-timeout.ts'
import { readToday } from '../read-today.ts'
import { loadValidDataset, resolveDataDir } from '../resolve-data-dir.ts'

/** Upstreams read at once: enough to overlap waiting, few enough to be polite. */
const AT_ONCE = 8

export type OutdatedRow =
  | ({ readonly project: string; readonly upstream: Upstream } & ReleaseComparison)
  | { readonly project: string; readonly upstream: Upstream | null; readonly error: string }

export type ProjectEndOfLifeLine = { readonly project: string } & EndOfLifeLine

export async function run(args: readonly string[], context: CliContext): Promise<number> {
  const { values, positionals } = parseCommandArgs('outdated', args, OUTDATED_OPTIONS, true)
  const timeoutMs = parseTimeoutMs(
    'outdated',
    values.timeout,
    OUTDATED_OPTIONS.timeout.defaultSeconds,
  )
  const dir = await resolveDataDir('outdated', values.data, context)
  const { dataset } = await loadValidDataset(dir, context)
  const named = positionals.map((name) => {
    const project = findProject(dataset, name)
    if (project === undefined) throw usageError('outdated', `no project '${name}' in the data`)
    return project
  })
  const projects =
    named.length > 0
      ? named
      : [...dataset.projects.values()].filter((project) => project.document.upstream !== undefined)
  const today = readToday(context.env)
  const withLifecycle = named.length > 0 ? named : [...dataset.projects.values()]
  const endOfLife = withLifecycle.flatMap((project) => projectEndOfLifeLines(project, today))
  const rows = await mapAtMost(projects, AT_ONCE, (project) =>
    outdatedRow(project, context.env, timeoutMs),
  )
  const withoutUpstream = dataset.projects.size - projects.length
  if (values.json === true) {
    context.out(JSON.stringify({ readAt: today, projects: rows, endOfLifeLines: endOfLife }))
  } else {
    printRows(rows, named.length === 0 ? withoutUpstream : 0, endOfLife, context)
  }
  // Exit codes are about upstream releases: an end-of-life line is no gap in the data.
  if (rows.some((row) => 'error' in row)) return ExitCode.error
  const missing = rows.some(isBehind)
  return missing ? ExitCode.partial : ExitCode.ok
}

async function outdatedRow(
  project: CompiledProject,
  env: NodeJS.ProcessEnv,
  timeoutMs: number,
): Promise<OutdatedRow> {
  const { id, upstream } = project.document
  if (upstream === undefined) {
    return { project: id, upstream: null, error: 'no upstream recorded in its document' }
  }
  try {
    const releases = await upstreamReleases(upstream, { env, timeoutMs })
    return { project: id, upstream, ...compareReleases(project, releases) }
  } catch (error) {
    if (!(error instanceof UpstreamError)) throw error
    return { project: id, upstream, error: error.message }
  }
}

function projectEndOfLifeLines(project: CompiledProject, day: string): ProjectEndOfLifeLine[] {
  const { id, lifecycle } = project.document
  if (lifecycle === undefined) return []
  const keys = project.versions.map((version) => version.key)
  return endOfLifeLines(lifecycle, keys, day).map((line) => ({ project: id, ...line }))
}

/** Whether upstream released a line the project's document has no key for. */
function isBehind(row: OutdatedRow): boolean {
  return 'newerLines' in row && (row.newerLines.length > 0 || row.missingLines.length > 0)
}

function printRows(
  rows: readonly OutdatedRow[],
  withoutUpstream: number,
  endOfLife: readonly ProjectEndOfLifeLine[],
  context: CliContext,
) {
  const lines = (list: ReleaseComparison['newerLines']) =>
    list.length === 0 ? '-' : list.map((line) => `${line.line} (${line.newest})`).join(', ')
  const table = rows.map((row) =>
    'error' in row
      ? [row.project, '-', '-', `cannot read: ${row.error}`, '']
      : [
          row.project,
          row.newestDocumented ?? '-',
          row.newestRelease ?? '-',
          lines(row.newerLines),
          lines(row.missingLines),
        ],
  )
  // With nothing read (no project has an upstream), the table would be a header alone.
  if (rows.length > 0) {
    for (const line of formatTable(
      ['PROJECT', 'NEWEST KEY', 'NEWEST RELEASE', 'NEWER LINES', 'LINES WITHOUT A KEY'],
      table,
    )) {
      context.out(line)
    }
  }
  if (endOfLife.length > 0) {
    if (rows.length > 0) context.out('')
    const byProject = new Map<string, ProjectEndOfLifeLine[]>()
    for (const line of endOfLife) {
      byProject.set(line.project, [...(byProject.get(line.project) ?? []), line])
    }
    for (const lines of byProject.values()) context.out(describeEndOfLife(lines))
  }
  const behind = rows.filter(isBehind).length
  const failed = rows.filter((row) => 'error' in row).length
  const notes = [
    `${countOf(rows.length, 'project')} read`,
    `${behind} with releases the data does not cover`,
    ...(failed === 0 ? [] : [`${failed} whose upstream could not be read`]),
    ...(withoutUpstream === 0 ? [] : [`${withoutUpstream} without an upstream (not read)`]),
    ...(endOfLife.length === 0
      ? []
      : [
          `${countOf(endOfLife.length, 'documented line')} end of life while a newer one is supported (in ${countOf(new Set(endOfLife.map((line) => line.project)).size, 'project')})`,
        ]),
  ]
  if (rows.length > 0 || endOfLife.length > 0) context.out('')
  context.out(`outdated: ${notes.join('; ')}`)
}

/** The lines named before the rest are counted: a project may have dozens. */
const NAMED_LINES = 3

/**
 * One sentence a project, its newest end-of-life lines named:
 * `platform 1.33 is end of life (support ended 2026-06-28); 1.34 (until 2026-10-27) is supported.`
 * `kubernetes 1.34, 1.33, 1.32 and 16 older lines are end of life (1.34's support ended
 * 2026-10-27); 1.36 (until 2027-06-28) and 1.35 (until 2027-02-28) are supported.`
 */
function describeEndOfLife(lines: readonly ProjectEndOfLifeLine[]): string {
  const [newest] = lines
  if (newest === undefined) return ''
  const ended =
    newest.supportUntil === true
      ? 'support ended on a day not published'
      : `support ended ${newest.supportUntil}`
  const names = lines.map((line) => line.line)
  const subject =
    names.length === 1
      ? `${newest.line} is end of life (${ended})`
      : `${listed(names.length > NAMED_LINES + 1 ? [...names.slice(0, NAMED_LINES), `${names.length - NAMED_LINES} older lines`] : names)} are end of life (${newest.line}'s ${ended})`
  // The newer lines of the oldest end-of-life line: every supported line newer than any of them.
  const newer = (lines.at(-1) ?? newest).newerSupported.map(describeSupported)
  return `${newest.project} ${subject}; ${listed(newer)} ${newer.length === 1 ? 'is' : 'are'} supported.`
}

/** `a`, `a and b`, `a, b and c`. */
function listed(items: readonly string[]): string {
  return items.length <= 1
    ? (items[0] ?? '')
    : `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`
}

/** `1.34 (security fixes only, until 2026-10-27)`. */
function describeSupported({ line, status, supportUntil }: SupportedLine): string {
  const until =
    supportUntil === null ? 'no end announced' : `until ${supportEndWords(supportUntil)}`
  return `${line} (${status === 'security-only' ? `${statusWords(status)}, ` : ''}${until})`
}
