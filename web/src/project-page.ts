/** `/projects/<id>`: the check form, the compatibility matrix and the evidence of one project. */

import {
  dependencyKeysOf,
  documentedRule,
  entryOf,
  evidenceAnchor,
  isSinceKey,
  type Project,
  resolveKey,
  sinceText,
  toProject,
} from '../../src/site/project-model.ts'
import { type DependencyEntry, getProject, listProjects, type Upstream } from './api.ts'
import { renderCheck } from './check-form.ts'
import { h, replaceChildren, safeHref, srOnly } from './dom.ts'
import {
  confidenceBadge,
  definition,
  noteList,
  sourceList,
  staleMark,
  verifiedText,
} from './evidence.ts'

export async function renderProjectPage(main: HTMLElement, id: string): Promise<void> {
  // The index first: an unknown id then costs no 404 request (a console error in browsers).
  const index = await listProjects()
  const indexEntry = index.find((entry) => entry.id === id || (entry.aliases ?? []).includes(id))
  const document = indexEntry === undefined ? null : await getProject(indexEntry.id)
  if (indexEntry === undefined || document === null) {
    renderNotFound(main, id)
    return
  }
  const project = toProject(document, indexEntry.versions, index)
  window.document.title = `${document.name} compatibility · compat`

  const website = safeHref(document.website)
  replaceChildren(
    main,
    h(
      'nav',
      { 'aria-label': 'Breadcrumb', class: 'breadcrumb' },
      h('a', { href: '/' }, 'All projects'),
    ),
    h('h1', {}, document.name),
    document.description === undefined ? null : h('p', { class: 'lead' }, document.description),
    h(
      'p',
      { class: 'project-meta' },
      h('span', { class: 'muted' }, `id ${document.id}`),
      document.aliases === undefined || document.aliases.length === 0
        ? null
        : [' · ', h('span', { class: 'muted' }, `also ${document.aliases.join(', ')}`)],
      ' · ',
      h('span', {}, document.categories.join(', ')),
      website === null ? null : [' · ', h('a', { href: website }, 'Project website')],
      document.upstream === undefined ? null : [' · ', upstreamLabel(document.upstream)],
    ),
  )
  main.append(renderCheck(project), matrixSection(project), evidenceSection(project))
}

/**
 * Where the project publishes its releases (data/README.md, "Where releases are published"):
 * GitHub tags and a Helm repository link to themselves; package names are named, since the
 * registry a reader uses is theirs to choose.
 */
function upstreamLabel(upstream: Upstream): Node {
  if ('github' in upstream) {
    const href = safeHref(`https://github.com/${upstream.github}/tags`)
    const text = `Releases: ${upstream.github} tags`
    return href === null ? h('span', {}, text) : h('a', { href }, text)
  }
  if ('helm' in upstream) {
    const href = safeHref(upstream.helm.repository)
    const text = `Releases: Helm chart ${upstream.helm.chart}`
    return href === null ? h('span', {}, text) : h('a', { href }, text)
  }
  return h(
    'span',
    {},
    'npm' in upstream
      ? `Releases: npm package ${upstream.npm}`
      : `Releases: PyPI project ${upstream.pypi}`,
  )
}

function matrixSection(project: Project): HTMLElement {
  const { document, versions, dependencyKeys } = project
  const caption = h(
    'caption',
    { id: 'matrix-caption' },
    `${document.name} versions (newest first) and the dependency versions they document`,
  )
  const head = h(
    'thead',
    {},
    h(
      'tr',
      {},
      h('th', { scope: 'col' }, 'Version'),
      dependencyKeys.map((key) => h('th', { scope: 'col' }, columnHeader(project, key))),
    ),
  )
  const body = h(
    'tbody',
    {},
    versions.map((version, row) =>
      h(
        'tr',
        {},
        h(
          'th',
          { scope: 'row' },
          h('span', { class: 'version' }, version),
          row === 0 ? h('span', { class: 'latest' }, ' latest') : null,
          isSinceKey(project, version) ? h('span', { class: 'latest' }, ' and later') : null,
        ),
        dependencyKeys.map((key) => matrixCell(project, version, key)),
      ),
    ),
  )
  const scroller = h(
    'div',
    {
      class: 'table-scroll',
      role: 'region',
      'aria-labelledby': 'matrix-caption',
      'aria-describedby': 'matrix-scroll-hint',
      tabindex: '0',
    },
    h('table', { class: 'matrix' }, caption, head, body),
  )
  const scrollHint = h(
    'p',
    { class: 'scroll-hint', id: 'matrix-scroll-hint', hidden: true },
    'The table is wider than the screen: scroll it sideways. The version column stays in place.',
  )
  // Said only when it is true, and again whenever the width changes (a phone turned).
  new ResizeObserver(() => {
    scrollHint.hidden = scroller.scrollWidth <= scroller.clientWidth
  }).observe(scroller)
  return h(
    'section',
    { 'aria-labelledby': 'matrix-heading' },
    h('h2', { id: 'matrix-heading' }, 'Compatibility matrix'),
    h(
      'p',
      { class: 'hint' },
      'Each cell shows the documented compatible versions, how the project uses the dependency, and the confidence of the evidence (high, medium, low). "stale" marks evidence not verified within a year.',
    ),
    scrollHint,
    scroller,
  )
}

/** The dependency key, a link to its project's page when it names a catalogued project. */
function columnHeader(project: Project, key: string): Node | string {
  const linked = project.links.get(key)
  return linked === undefined || linked === project.document.id
    ? key
    : h('a', { href: `/projects/${encodeURIComponent(linked)}` }, key)
}

function matrixCell(project: Project, version: string, key: string): HTMLTableCellElement {
  const entry = entryOf(project, version, key)
  if (entry === null) {
    // A since key lists what changed; the rest of its line's evidence still applies.
    const inherited = isSinceKey(project, version)
      ? resolveKey(project, version).entries.get(key)
      : undefined
    if (inherited !== undefined) {
      return h(
        'td',
        { class: 'inherited-cell' },
        h('span', {}, `as in ${inherited.from}`),
        h(
          'a',
          { href: `#${evidenceAnchor(inherited.from, key)}`, class: 'evidence-link' },
          'evidence',
          srOnly(
            ` for ${key} on ${project.document.name} ${inherited.from}, which applies to ${version}`,
          ),
        ),
      )
    }
    return h(
      'td',
      { class: 'empty-cell' },
      h('span', { 'aria-hidden': 'true' }, '—'),
      srOnly('not documented'),
    )
  }
  return h(
    'td',
    {},
    h('span', { class: 'rule' }, documentedRule(entry, version)),
    entry.basis === 'tested' ? h('span', { class: 'basis' }, 'tested versions') : null,
    h('span', { class: 'relationship' }, entry.relationship),
    h(
      'span',
      { class: 'badges' },
      confidenceBadge(entry.confidence),
      staleMark(entry.lastVerified),
    ),
    h(
      'a',
      { href: `#${evidenceAnchor(version, key)}`, class: 'evidence-link' },
      'evidence',
      srOnly(` for ${key} on ${project.document.name} ${version}`),
    ),
  )
}

function evidenceSection(project: Project): HTMLElement {
  const { document, versions } = project
  return h(
    'section',
    { 'aria-labelledby': 'evidence-heading', class: 'evidence' },
    h('h2', { id: 'evidence-heading' }, 'Evidence'),
    versions.map((version) => {
      const keys = dependencyKeysOf(document, version)
      const resolved = isSinceKey(project, version) ? resolveKey(project, version) : null
      return h(
        'section',
        { class: 'evidence-version' },
        h('h3', {}, `${document.name} ${version}`),
        resolved === null
          ? null
          : h(
              'p',
              { class: 'hint' },
              `A since key: this evidence holds for ${sinceText(version)}${resolved.base === null ? '' : `, laid over ${document.name} ${resolved.base}, whose other entries still apply`}.`,
            ),
        keys.length === 0 ? h('p', { class: 'muted' }, 'No dependencies documented.') : null,
        keys.map((key) => evidenceEntry(project, version, key)),
      )
    }),
  )
}

function evidenceEntry(project: Project, version: string, key: string): HTMLElement | null {
  const entry = entryOf(project, version, key)
  if (entry === null) return null
  return h(
    'article',
    { class: 'evidence-entry', id: evidenceAnchor(version, key), tabindex: '-1' },
    h('h4', {}, key, srOnly(` on ${project.document.name} ${version}`)),
    h(
      'dl',
      {},
      definition('Documented', documentedRule(entry, version)),
      definition('Basis', basisText(entry)),
      definition('Relationship', entry.relationship),
      definition('Confidence', confidenceBadge(entry.confidence)),
      definition('Last verified', ...verifiedText(entry.lastVerified)),
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

/** A kind message for a project id (or path) that leads nowhere. */
export function renderNotFound(main: HTMLElement, id: string | null): void {
  document.title = 'Not found · compat'
  replaceChildren(
    main,
    h('h1', {}, id === null ? 'Page not found' : 'Project not found'),
    id === null
      ? h('p', {}, 'There is nothing at this address.')
      : h(
          'p',
          {},
          'There is no project with the id “',
          h('span', { class: 'version' }, id),
          '” in the compatibility data. It may have been renamed or removed, or the link may have a typo.',
        ),
    h('p', {}, h('a', { href: '/' }, 'See all projects')),
  )
}
