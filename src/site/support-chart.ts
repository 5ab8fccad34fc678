/**
 * Support charts: which dependency versions each project version documents (project page), and
 * which projects document which versions of a dependency (dependency page), as inline SVG in
 * markup data, with a text alternative that carries the same facts.
 *
 * The horizontal axis is ordinal, not to scale: the distinct versions the charted ranges name,
 * in the core's version order (docs/api.md, "Versions"), each starting a column that reaches the
 * next one. A series (`3.11`, docs/api.md "Ranges") covers its column up to the next series
 * (`3.12`); when no range names that next series it is still a boundary, drawn as a narrow
 * unlabelled column (PostgreSQL `9.7` between `9.6` and `10`, which the data never mentions). The
 * bounds of a comparator set (`>=3.10 !=3.11.2 <3.14`) are columns of their own; an open end runs
 * to the edge of the chart and ends in an arrow.
 *
 * Colours come from the stylesheet (support-chart.css) by class (`bar confidence-high`,
 * `bar tested`), so the light and the dark scheme both apply; the SVG carries no colour. Layout
 * numbers are SVG user units: at its natural size one unit is one CSS pixel; narrower screens
 * scale the chart down (`max-width: 100%`), and a chart too wide to stay legible that way keeps its
 * size in a scroll box.
 */

import type { DependencyUse } from '../api/response-schemas.ts'
import { el, type MarkupElement } from './markup.ts'
import { documentedRule, entryOf, isSinceKey, type Project } from './project-model.ts'
import { drawChart } from './support-chart-drawing.ts'
import { type EntryRow, entryRow, type Row, rowSentence } from './support-chart-rows.ts'

export interface ProjectChartOptions {
  /** Every id in the chart starts with it; make it unique on the page. Made id-safe. */
  readonly idPrefix?: string
  /** Rows drawn, newest first; the rest are left to the matrix. Default 40. */
  readonly maxRows?: number
}

export interface DependencyChartOptions {
  /** Every id in the chart starts with it; make it unique on the page. Made id-safe. */
  readonly idPrefix?: string
  /**
   * Versions drawn per project, newest first; the rest are left to the project pages. By
   * default 3, fewer when many projects document the dependency: about ROW_BUDGET rows in all,
   * at least one per project.
   */
  readonly versionsPerProject?: number
}

export const DEFAULT_MAX_ROWS = 40
export const DEFAULT_VERSIONS_PER_PROJECT = 3
/** Entry rows the dependency chart aims at when it chooses how many versions per project. */
export const ROW_BUDGET = 90

/**
 * One project's chart for one dependency key: a row per version whose own document names the
 * key, newest first (a since key's row is its own entry, labelled `5.2.8+`: a since key that does
 * not name the key keeps its line's entry, already a row); at most `maxRows` rows. Null when no
 * drawn row has a range to draw.
 *
 * @example projectSupportChart(toProject(django, order), 'python', { idPrefix: 'chart-python' })
 */
export function projectSupportChart(
  project: Project,
  dependencyKey: string,
  options: ProjectChartOptions = {},
): MarkupElement | null {
  const maxRows = Math.max(1, options.maxRows ?? DEFAULT_MAX_ROWS)
  const rows: EntryRow[] = []
  let documenting = 0
  for (const version of project.versions) {
    const entry = entryOf(project, version, dependencyKey)
    if (entry === null) continue
    documenting++
    if (rows.length === maxRows) continue
    const since = isSinceKey(project, version)
    rows.push(
      entryRow(version, since, '', documentedRule(entry, version), entry, {
        'data-version': version,
      }),
    )
  }
  const name = project.document.name
  const note =
    documenting > rows.length
      ? `Newest ${rows.length} of the ${documenting} ${name} versions that document ${dependencyKey}; the compatibility matrix lists all.`
      : null
  const text = el(
    'ul',
    { class: 'chart-text-list' },
    rows.map((row) => el('li', {}, rowSentence(row))),
  )
  return drawChart({
    idPrefix: options.idPrefix ?? `support-${dependencyKey}`,
    title: `${dependencyKey} versions documented by each ${name} version`,
    rowsAre: `${name} versions, newest first`,
    dependency: dependencyKey,
    note,
    rows,
    text,
  })
}

/**
 * The dependency page's chart: for each project (in the order given, by project id from the
 * API), its newest entries (see `versionsPerProject`), under a row naming the project. Null when no
 * drawn entry has a range to draw.
 *
 * @example dependencySupportChart(view.entries, 'postgresql', { idPrefix: 'chart-postgresql' })
 */
export function dependencySupportChart(
  uses: readonly DependencyUse[],
  dependency: string,
  options: DependencyChartOptions = {},
): MarkupElement | null {
  const groups = new Map<string, DependencyUse[]>()
  for (const use of uses) {
    const group = groups.get(use.project)
    if (group === undefined) groups.set(use.project, [use])
    else group.push(use)
  }
  const perProject = Math.max(
    1,
    options.versionsPerProject ??
      Math.min(DEFAULT_VERSIONS_PER_PROJECT, Math.floor(ROW_BUDGET / Math.max(1, groups.size))),
  )
  const rows: Row[] = []
  const listed: MarkupElement[] = []
  let shown = 0
  for (const [project, group] of groups) {
    const entries = group.slice(0, perProject).map((use) => {
      return entryRow(
        use.version,
        use.since,
        `${project} `,
        documentedRule({ ...use, notes: [], sources: [] }, use.version) +
          (use.key === dependency ? '' : ` (keyed ${use.key})`),
        use,
        { 'data-project': project, 'data-version': use.version },
      )
    })
    shown += entries.length
    rows.push({ kind: 'group', label: project }, ...entries)
    const more = group.length - entries.length
    listed.push(
      el(
        'li',
        {},
        more > 0 ? `${project} (newest ${entries.length} of ${group.length} versions)` : project,
        el(
          'ul',
          {},
          entries.map((row) => el('li', {}, rowSentence(row))),
        ),
      ),
    )
  }
  const note =
    uses.length > shown
      ? `${perProject === 1 ? 'The newest version' : `The newest ${perProject} versions`} of each of the ${groups.size} projects: ${shown} of ${uses.length} entries; each project’s page lists all.`
      : null
  return drawChart({
    idPrefix: options.idPrefix ?? `support-by-${dependency}`,
    title: `${dependency} versions documented by each project`,
    rowsAre: 'project versions, by project, newest first',
    dependency,
    note,
    rows,
    text: el('ul', { class: 'chart-text-list' }, listed),
  })
}
