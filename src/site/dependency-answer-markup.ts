/**
 * A dependency page judged for a version leads with the answer (docs/web.md, "A dependency's
 * page"): for each project, the newest version documented compatible with it — the newest on
 * a release line still supported when there is one — and which projects document none.
 */
import type { DependencyUse, DependencyView } from '../api/response-schemas.ts'
import { statusWords } from '../api/support-status-words.ts'
import { confidenceBadge } from './evidence-markup.ts'
import { el, type MarkupElement } from './markup.ts'
import { projectPath } from './page-paths.ts'
import { evidenceAnchor, sinceText } from './project-model.ts'
import { getsFixes, supportBadge, supportPhrase } from './support-status-markup.ts'

export const DEPENDENCY_ANSWER_ID = 'dependency-answer'

export interface DependencyAnswer {
  /** Per project that documents a compatible version: the one to use, in the page's order. */
  readonly working: readonly DependencyUse[]
  /** Projects that document none, with how their entries were judged. */
  readonly none: readonly {
    readonly project: string
    readonly incompatible: number
    readonly unknown: number
  }[]
}

/**
 * Each project's entries come newest first: the first compatible one on a supported line
 * (or getting security fixes), else the first compatible one.
 *
 * @example dependencyAnswer(view).working.map((use) => `${use.project} ${use.version}`) // ['cert-manager 1.19', …]
 */
export function dependencyAnswer(entries: readonly DependencyUse[]): DependencyAnswer {
  const byProject = new Map<string, DependencyUse[]>()
  for (const use of entries) {
    const group = byProject.get(use.project)
    if (group === undefined) byProject.set(use.project, [use])
    else group.push(use)
  }
  const working: DependencyUse[] = []
  const none: DependencyAnswer['none'][number][] = []
  for (const [project, group] of byProject) {
    const compatible = group.filter((use) => use.compatible === 'compatible')
    const best = compatible.find((use) => getsFixes(use.status)) ?? compatible[0]
    if (best !== undefined) {
      working.push(best)
      continue
    }
    none.push({
      project,
      incompatible: group.filter((use) => use.compatible === 'incompatible').length,
      unknown: group.filter((use) => use.compatible === 'unknown').length,
    })
  }
  return { working, none }
}

/**
 * The answer's section; null for a page not judged for a version. Each project's line carries
 * `data-status`, so the support filter (a checkbox and a stylesheet rule) applies to it too.
 */
export function dependencyAnswerMarkup(view: DependencyView): MarkupElement | null {
  if (view.version === null) return null
  const { working, none } = dependencyAnswer(view.entries)
  const projects = working.length + none.length
  const supported = working.filter((use) => getsFixes(use.status)).length
  const statusKnown = view.entries.some((use) => use.status !== 'unknown')
  return el(
    'section',
    { class: 'dependency-answer', 'aria-labelledby': 'dependency-answer-heading' },
    el(
      'h2',
      { id: 'dependency-answer-heading', tabindex: '-1' },
      `With ${view.dependency} ${view.version}: the newest version of each project that works`,
    ),
    el(
      'p',
      {},
      `${working.length} of ${projects} ${projects === 1 ? 'project documents' : 'projects document'} a version compatible with ${view.dependency} ${view.version}`,
      statusKnown
        ? `; for ${supported} of them it is on a release line supported on ${view.date} (or getting security fixes).`
        : '.',
    ),
    working.length === 0
      ? null
      : el(
          'ul',
          {
            class: 'answer-list',
            'aria-label': `Newest version compatible with ${view.dependency} ${view.version}, per project`,
          },
          working.map((use) => answerItem(use, view.dependency)),
        ),
    none.length === 0
      ? null
      : el(
          'p',
          { class: 'answer-none' },
          `No version documented compatible with ${view.version}: `,
          none.flatMap((item, at) => [
            at === 0 ? '' : ', ',
            el('a', { href: `#project-${item.project}` }, item.project),
            ` (${noneText(item.incompatible, item.unknown)})`,
          ]),
          '.',
        ),
  )
}

function answerItem(use: DependencyUse, dependency: string): MarkupElement {
  const documented = [...use.ranges, ...use.constraints.map((constraint) => constraint.type)]
  return el(
    'li',
    { class: 'answer-item', 'data-status': use.status },
    el('a', { href: projectPath(use.project) }, use.project),
    ' ',
    el(
      'a',
      {
        href: `${projectPath(use.project)}#${evidenceAnchor(use.version, use.key)}`,
        class: 'version',
        'aria-label': `${use.project} ${use.version}, its evidence`,
      },
      use.version,
    ),
    use.since ? el('span', { class: 'muted' }, ` (${sinceText(use.version)})`) : null,
    ' ',
    use.status === 'unknown'
      ? el('span', { class: 'muted' }, supportPhrase({ status: 'unknown', supportUntil: null }))
      : supportBadge(use.status, statusWords(use.status)),
    ' ',
    confidenceBadge(use.confidence),
    el(
      'span',
      { class: 'hint block' },
      `documents ${documented.length === 0 ? 'no range' : documented.join(', ')}`,
      use.key === dependency ? '' : ` (as ${use.key})`,
    ),
  )
}

function noneText(incompatible: number, unknown: number): string {
  const parts = [
    incompatible === 0 ? null : `${incompatible} incompatible`,
    unknown === 0 ? null : `${unknown} unknown`,
  ].filter((part): part is string => part !== null)
  return parts.length === 0 ? 'nothing judged' : parts.join(', ')
}
