/**
 * A project's page (docs/web.md, "The project page"): its heading, compatibility matrix and
 * evidence, as the server renders them and the page's script would; the script adds the
 * check form in the place kept for it (`#check`).
 */
import type {
  DependencyEntry,
  LifecycleResult,
  ProjectIndexEntry,
  Source,
  Upstream,
} from '../api/response-schemas.ts'
import { nearestNames } from '../core/names/nearest-names.ts'
import {
  confidenceBadge,
  definition,
  noteList,
  sourceList,
  staleMark,
  verifiedText,
} from './evidence-markup.ts'
import { el, type Markup, type MarkupElement, noScript, safeHref, srOnly } from './markup.ts'
import { newestLineNote } from './newest-line-note.ts'
import { projectPath } from './page-paths.ts'
import {
  dependencyKeysOf,
  documentedRule,
  entryOf,
  evidenceAnchor,
  isSinceKey,
  type Project,
  resolveKey,
  sinceText,
} from './project-model.ts'
import { projectSupportChart } from './support-chart.ts'
import { supportTimeline } from './support-timeline.ts'
import { visitorNotes } from './visitor-notes.ts'

/** Where the script puts the check form; without script it says where checks are answered. */
export const CHECK_SLOT_ID = 'check'

/**
 * The content of `<main>` for a project's page; `lifecycle` is the API's lifecycle answer on
 * `today` (null for a project without lifecycle data).
 */
export function projectPageMain(
  project: Project,
  today: string,
  lifecycle: LifecycleResult | null,
): MarkupElement[] {
  const { document } = project
  const website = safeHref(document.website)
  return [
    el(
      'nav',
      { 'aria-label': 'Breadcrumb', class: 'breadcrumb' },
      el('a', { href: '/' }, 'All projects'),
    ),
    el('h1', {}, document.name),
    document.description === undefined ? null : el('p', { class: 'lead' }, document.description),
    el(
      'p',
      { class: 'project-meta' },
      el('span', { class: 'muted' }, `id ${document.id}`),
      document.aliases === undefined || document.aliases.length === 0
        ? null
        : [' · ', el('span', { class: 'muted' }, `also ${document.aliases.join(', ')}`)],
      ' · ',
      el('span', {}, document.categories.join(', ')),
      website === null ? null : [' · ', el('a', { href: website }, 'Project website')],
      document.upstream === undefined ? null : [' · ', upstreamLabel(document.upstream)],
    ),
    el(
      'div',
      { id: CHECK_SLOT_ID, class: 'check-slot' },
      noScript(
        'Checking your versions here needs JavaScript; the same check is ',
        el(
          'code',
          {},
          `GET /api/v1/check?project=${document.id}&version=…&dependency=…&dependencyVersion=…`,
        ),
        ' (see the ',
        el('a', { href: '/api/v1/docs' }, 'API documentation'),
        ').',
      ),
    ),
    supportWindowsSection(project, lifecycle, today),
    matrixSection(project, today),
    chartsSection(project),
    evidenceSection(project, today),
  ].filter((part): part is MarkupElement => part !== null)
}

/**
 * Where the project publishes its releases (data/README.md, "Where releases are published"):
 * GitHub tags and a Helm repository link to themselves; package names are named, since the
 * registry a reader uses is theirs to choose.
 */
function upstreamLabel(upstream: Upstream): MarkupElement {
  if ('github' in upstream) {
    const href = safeHref(`https://github.com/${upstream.github}/tags`)
    const text = `Releases: ${upstream.github} tags`
    return href === null ? el('span', {}, text) : el('a', { href }, text)
  }
  if ('helm' in upstream) {
    const href = safeHref(upstream.helm.repository)
    const text = `Releases: Helm chart ${upstream.helm.chart}`
    return href === null ? el('span', {}, text) : el('a', { href }, text)
  }
  return el(
    'span',
    {},
    'npm' in upstream
      ? `Releases: npm package ${upstream.npm}`
      : `Releases: PyPI project ${upstream.pypi}`,
  )
}

/** The release lines as a timeline, with where their dates come from. */
function supportWindowsSection(
  project: Project,
  lifecycle: LifecycleResult | null,
  today: string,
): MarkupElement | null {
  const timeline = lifecycle === null ? null : supportTimeline(project.document.name, lifecycle)
  const documentLifecycle = project.document.lifecycle
  if (lifecycle === null || timeline === null || documentLifecycle === undefined) return null
  const newestNote = newestLineNote(
    project.document.name,
    project.versions[0],
    lifecycle,
    documentLifecycle,
  )
  return el(
    'section',
    { 'aria-labelledby': 'lifecycle-heading', class: 'support-windows' },
    el('h2', { id: 'lifecycle-heading' }, 'Support windows'),
    el(
      'p',
      { class: 'hint' },
      'When each release line came out and until when it gets fixes: each line as a bar over the years, newest first, with its status in words. The chart has a text version.',
    ),
    newestNote === null ? null : el('p', { class: 'newest-line-note' }, newestNote),
    timeline,
    el(
      'dl',
      { class: 'lifecycle-facts' },
      definition('Confidence', confidenceBadge(lifecycle.confidence)),
      definition('Last verified', ...verifiedText(lifecycle.lastVerified, today)),
      visitorNotes(lifecycle.notes).length === 0
        ? []
        : definition('Notes', noteList(lifecycle.notes)),
      definition('Sources', sourceList(lifecycleSources(lifecycle))),
    ),
  )
}

/** The block's sources, then each line's own, every URL once. */
function lifecycleSources(lifecycle: LifecycleResult): Source[] {
  const byUrl = new Map<string, Source>()
  for (const source of [...lifecycle.sources, ...lifecycle.lines.flatMap((line) => line.sources)]) {
    if (!byUrl.has(source.url)) byUrl.set(source.url, source)
  }
  return [...byUrl.values()]
}

function matrixSection(project: Project, today: string): MarkupElement {
  const { document, versions, dependencyKeys } = project
  // The title sits above the box, not in it: a caption scrolls away sideways with the table.
  const title = el(
    'p',
    { class: 'matrix-title', id: 'matrix-caption' },
    `${document.name} versions (newest first) and the dependency versions they document`,
  )
  const head = el(
    'thead',
    {},
    el(
      'tr',
      {},
      el('th', { scope: 'col' }, 'Version'),
      dependencyKeys.map((key) => el('th', { scope: 'col' }, columnHeader(project, key))),
    ),
  )
  const body = el(
    'tbody',
    {},
    versions.map((version, row) =>
      el(
        'tr',
        {},
        el(
          'th',
          { scope: 'row' },
          el('span', { class: 'version' }, version),
          row === 0 ? el('span', { class: 'latest' }, ' newest documented') : null,
          isSinceKey(project, version) ? el('span', { class: 'latest' }, ' and later') : null,
        ),
        dependencyKeys.map((key) => matrixCell(project, version, key, today)),
      ),
    ),
  )
  const scroller = el(
    'div',
    {
      class: 'table-scroll',
      role: 'region',
      'aria-labelledby': 'matrix-caption',
      'aria-describedby': 'matrix-scroll-hint',
      tabindex: '0',
    },
    el('table', { class: 'matrix', 'aria-labelledby': 'matrix-caption' }, head, body),
  )
  const scrollHint = el(
    'p',
    { class: 'scroll-hint', id: 'matrix-scroll-hint', hidden: true },
    'The table is wider than its box: scroll it sideways. The version column stays in place.',
  )
  return el(
    'section',
    { 'aria-labelledby': 'matrix-heading' },
    el('h2', { id: 'matrix-heading' }, 'Compatibility matrix'),
    el(
      'p',
      { class: 'hint' },
      'Each cell shows the documented compatible versions, how the project uses the dependency, and the confidence of the evidence (high, medium, low). "stale" marks evidence not verified within a year.',
    ),
    title,
    scrollHint,
    scroller,
  )
}

/** The dependency key, a link to its project's page when it names a catalogued project. */
function columnHeader(project: Project, key: string): Markup {
  const linked = project.links.get(key)
  return linked === undefined || linked === project.document.id
    ? key
    : el('a', { href: projectPath(linked) }, key)
}

function matrixCell(project: Project, version: string, key: string, today: string): MarkupElement {
  const entry = entryOf(project, version, key)
  if (entry === null) {
    // A since key lists what changed; the rest of its line's evidence still applies.
    const inherited = isSinceKey(project, version)
      ? resolveKey(project, version).entries.get(key)
      : undefined
    if (inherited !== undefined) {
      return el(
        'td',
        { class: 'inherited-cell' },
        el('span', {}, `as in ${inherited.from}`),
        el(
          'a',
          { href: `#${evidenceAnchor(inherited.from, key)}`, class: 'evidence-link' },
          'evidence',
          srOnly(
            ` for ${key} on ${project.document.name} ${inherited.from}, which applies to ${version}`,
          ),
        ),
      )
    }
    return el(
      'td',
      { class: 'empty-cell' },
      el('span', { 'aria-hidden': 'true' }, '—'),
      srOnly('not documented'),
    )
  }
  return el(
    'td',
    {},
    el('span', { class: 'rule' }, documentedRule(entry, version)),
    entry.basis === 'tested' ? el('span', { class: 'basis' }, 'tested versions') : null,
    el('span', { class: 'relationship' }, entry.relationship),
    el(
      'span',
      { class: 'badges' },
      confidenceBadge(entry.confidence),
      staleMark(entry.lastVerified, today),
    ),
    el(
      'a',
      { href: `#${evidenceAnchor(version, key)}`, class: 'evidence-link' },
      'evidence',
      srOnly(` for ${key} on ${project.document.name} ${version}`),
    ),
  )
}

/** A support chart per dependency key with ranges to draw, in the matrix's column order. */
function chartsSection(project: Project): MarkupElement | null {
  const charts = project.dependencyKeys
    .map((key) => projectSupportChart(project, key))
    .filter((chart): chart is MarkupElement => chart !== null)
  if (charts.length === 0) return null
  return el(
    'section',
    { 'aria-labelledby': 'charts-heading', class: 'support-charts' },
    el('h2', { id: 'charts-heading' }, 'Documented versions at a glance'),
    el(
      'p',
      { class: 'hint' },
      'For each dependency, the versions each release documents, as bars over the dependency’s versions: filled by confidence, dashed where the source only lists what it tested. Each chart has a text version.',
    ),
    charts,
  )
}

function evidenceSection(project: Project, today: string): MarkupElement {
  const { document, versions } = project
  return el(
    'section',
    { 'aria-labelledby': 'evidence-heading', class: 'evidence' },
    el('h2', { id: 'evidence-heading' }, 'Evidence'),
    el(
      'p',
      { class: 'hint' },
      'One section per version, the newest open: open another, or follow an evidence link from the matrix.',
    ),
    versions.map((version, row) => {
      const keys = dependencyKeysOf(document, version)
      const resolved = isSinceKey(project, version) ? resolveKey(project, version) : null
      // Closed sections cost a browser no layout: a page of 300 versions stays light.
      return el(
        'details',
        { class: 'evidence-version', open: row === 0 },
        el(
          'summary',
          {},
          el('h3', {}, `${document.name} ${version}`),
          el(
            'span',
            { class: 'muted' },
            ` ${keys.length === 1 ? '1 entry' : `${keys.length} entries`}`,
          ),
        ),
        resolved === null
          ? null
          : el(
              'p',
              { class: 'hint' },
              `A since key: this evidence holds for ${sinceText(version)}${resolved.base === null ? '' : `, laid over ${document.name} ${resolved.base}, whose other entries still apply`}.`,
            ),
        keys.length === 0 ? el('p', { class: 'muted' }, 'No dependencies documented.') : null,
        keys.map((key) => evidenceEntry(project, version, key, today)),
      )
    }),
  )
}

function evidenceEntry(
  project: Project,
  version: string,
  key: string,
  today: string,
): MarkupElement | null {
  const entry = entryOf(project, version, key)
  if (entry === null) return null
  return el(
    'article',
    { class: 'evidence-entry', id: evidenceAnchor(version, key), tabindex: '-1' },
    el('h4', {}, key, srOnly(` on ${project.document.name} ${version}`)),
    el(
      'dl',
      {},
      definition('Documented', documentedRule(entry, version)),
      definition('Basis', basisText(entry)),
      definition('Relationship', entry.relationship),
      definition('Confidence', confidenceBadge(entry.confidence)),
      definition('Last verified', ...verifiedText(entry.lastVerified, today)),
      entry.notes.length === 0 ? [] : definition('Notes', noteList(entry.notes)),
      definition('Sources', sourceList(entry.sources)),
    ),
  )
}

/** What the documented ranges are: supported versions, or only the versions the source tested. */
function basisText(entry: DependencyEntry): string {
  return entry.basis === 'tested'
    ? 'tested versions: the source lists what it tested; other versions are unknown, not incompatible'
    : 'supported versions'
}

/** The content of `<main>` for a project id (or path) that leads nowhere. */
export function notFoundMain(
  id: string | null,
  nearest: readonly ProjectIndexEntry[] = [],
): MarkupElement[] {
  return [
    el('h1', {}, id === null ? 'Page not found' : 'Project not found'),
    id === null
      ? el('p', {}, 'There is nothing at this address.')
      : el(
          'p',
          {},
          'There is no project with the id “',
          el('span', { class: 'version' }, id),
          '” in the compatibility data. It may have been renamed or removed, or the link may have a typo.',
        ),
    nearest.length === 0
      ? null
      : el(
          'p',
          {},
          'Did you mean ',
          nearest.flatMap((project, at) => [
            at === 0 ? '' : at === nearest.length - 1 ? ' or ' : ', ',
            el('a', { href: projectPath(project.id) }, project.name),
          ]),
          '?',
        ),
    el('p', {}, el('a', { href: '/' }, 'See all projects')),
  ].filter((part): part is MarkupElement => part !== null)
}

/**
 * The projects a mistyped id most likely meant, by the core's nearest-name rule over every
 * id, alias and name (`kubernetis` → Kubernetes), each once.
 */
export function nearestProjects(
  projects: readonly ProjectIndexEntry[],
  typed: string,
): ProjectIndexEntry[] {
  const byName = new Map<string, ProjectIndexEntry>()
  for (const project of projects) {
    for (const name of [project.id, ...(project.aliases ?? []), project.name]) {
      if (!byName.has(name)) byName.set(name, project)
    }
  }
  const found = nearestNames(typed, [...byName.keys()]).flatMap((name) => byName.get(name) ?? [])
  return [...new Set(found)]
}
