/**
 * Which page a path is, and everything the server writes for it (docs/web.md, "Rendering"):
 * status, title, description, canonical path, structured data and the content of `<main>`,
 * from the same API answers the page's script reads.
 */
import type {
  DependencyIndex,
  DependencyView,
  ProjectDocument,
  ProjectIndexEntry,
} from '../api/response-schemas.ts'
import { DOCS_PATH, OPENAPI_PATH } from '../api/url-paths.ts'
import { apiDocsMain, type OpenApiDocument } from './api-docs-markup.ts'
import { dependenciesPageMain } from './dependencies-page-markup.ts'
import {
  dependencyNotFoundMain,
  dependencyPageMain,
  nearestDependencyNames,
} from './dependency-page-markup.ts'
import { homePageMain } from './home-page-markup.ts'
import type { MarkupElement } from './markup.ts'
import { dependencyPath, projectPath, readPagePath } from './page-paths.ts'
import { readStackQuery, stackQuery } from './plan-query.ts'
import { feasibilityText, planGoal } from './plan-result-markup.ts'
import { projectLifecycle } from './project-lifecycle.ts'
import { indexEntryOf, toProject } from './project-model.ts'
import { nearestProjects, notFoundMain, projectPageMain } from './project-page-markup.ts'
import type { StackFileView } from './stack-file-markup.ts'
import { isStackFormQuery } from './stack-form-query.ts'
import { type StackShown, stackNames, stackPageMain } from './stack-page-markup.ts'

/** The answers a page is made from, as the API serves them. */
export interface SiteData {
  /** GET /api/v1/projects. */
  readonly projects: readonly ProjectIndexEntry[]
  /** GET /api/v1/dependencies. */
  readonly dependencies: DependencyIndex
  /** GET /api/v1/projects/{id}, by id (not alias). */
  document(id: string): ProjectDocument | undefined
  /**
   * GET /api/v1/dependencies/{name} without a date (so its rows' support is today's), judged
   * for `version` when given; undefined when nothing documents it.
   */
  dependencyView(name: string, version?: string): DependencyView | undefined
}

export type PageKind =
  | 'home'
  | 'project'
  | 'dependencies'
  | 'dependency'
  | 'stack'
  | 'docs'
  | 'not-found'

export interface SitePage {
  /** 200 or 404 for a page asked by path; a file posted to the stack page may be refused too. */
  readonly status: 200 | 400 | 404 | 413 | 415 | 503
  /** `data-page` of `<main>`: the script enhances what the server rendered. */
  readonly kind: PageKind
  readonly title: string
  readonly description: string
  /** The page's own path (an alias's page names the project's id); null for a 404. */
  readonly canonicalPath: string | null
  /** schema.org data for search engines, or null. */
  readonly structuredData: Readonly<Record<string, unknown>> | null
  readonly main: readonly MarkupElement[]
}

export const SITE_NAME = 'compat'

/**
 * The page at `path` (no query), or null when the path is not one of the site's pages; `today`
 * (a UTC date) decides which evidence is marked stale.
 */
export function sitePage(data: SiteData, path: string, today: string): SitePage | null {
  const page = readPagePath(path)
  switch (page?.kind) {
    case undefined:
      return null
    case 'home':
      return homePage(data, today)
    case 'dependencies':
      return dependenciesPage(data)
    case 'stack':
      return stackPage(data)
    case 'project':
      return projectPage(data, page.name, today)
    case 'dependency':
      return dependencyPage(data, page.name, today)
  }
}

/** How a path's names resolve, without rendering anything. */
export interface PageNames {
  /** The id of the project known by this id or alias. */
  projectId(idOrAlias: string): string | undefined
  /** Whether any entry documents a dependency by this name. */
  documentsDependency(name: string): boolean
}

/**
 * The path a page is kept under: a project's page under its id (an alias, or an id written
 * with percent-encoding, is the same page), a dependency's under its name decoded. Null for
 * a path that is no page, or whose page is a 404: those are rendered each time, never kept,
 * so no choice of URL can fill the cache with copies. The query (`?…`, or empty) changes no
 * page but the stack page with a stack in it, which is a page of its own: `/stack?` and the
 * query as the page writes it (stackQueryIdentity).
 */
export function pageIdentity(names: PageNames, path: string, query = ''): string | null {
  const page = readPagePath(path)
  if (page === null) return null
  if (page.kind === 'stack') {
    // The form sent without a script is answered each time: by a redirect, or the form again.
    if (query === '') return path
    return isStackFormQuery(query) ? null : (stackQueryIdentity(query) ?? path)
  }
  if (!('name' in page)) return path
  if (page.kind === 'dependency') {
    return names.documentsDependency(page.name) ? dependencyPath(page.name) : null
  }
  const id = names.projectId(page.name)
  return id === undefined ? null : projectPath(id)
}

/** Every page of the site with a path of its own, for the sitemap: [path, lastmod or null]. */
export function sitePaths(data: SiteData): [string, string | null][] {
  const newest = newestVerified(data.projects)
  return [
    ['/', newest],
    ['/dependencies', newest],
    ['/stack', null],
    ...data.projects.map((project): [string, string | null] => [
      projectPath(project.id),
      project.verified.newest,
    ]),
    ...data.dependencies.dependencies.map((row): [string, string | null] => [
      dependencyPath(row.dependency),
      newestOf(data.dependencyView(row.dependency)?.entries ?? []),
    ]),
  ]
}

function newestOf(entries: readonly { readonly lastVerified: string | null }[]): string | null {
  let newest: string | null = null
  for (const { lastVerified } of entries) {
    if (lastVerified !== null && (newest === null || lastVerified > newest)) newest = lastVerified
  }
  return newest
}

function homePage(data: SiteData, today: string): SitePage {
  const description = `Which runtime, database and platform versions ${data.projects.length} software projects document as compatible, release by release, with the evidence and its sources.`
  return {
    status: 200,
    kind: 'home',
    title: `Software compatibility data · ${SITE_NAME}`,
    description,
    canonicalPath: '/',
    structuredData: {
      '@context': 'https://schema.org',
      '@type': 'WebSite',
      name: SITE_NAME,
      description,
    },
    main: homePageMain(data.projects, today),
  }
}

function dependenciesPage(data: SiteData): SitePage {
  const count = data.dependencies.dependencies.length
  return {
    status: 200,
    kind: 'dependencies',
    title: `Dependencies · ${SITE_NAME}`,
    description: `The ${count} runtimes, databases, platforms and parts that software projects document compatibility with; pick one to see who supports which of its versions.`,
    canonicalPath: '/dependencies',
    structuredData: null,
    main: dependenciesPageMain(data.dependencies),
  }
}

function stackPage(data: SiteData): SitePage {
  return {
    status: 200,
    kind: 'stack',
    title: `Check a stack · ${SITE_NAME}`,
    description: STACK_DESCRIPTION,
    canonicalPath: '/stack',
    structuredData: null,
    main: stackPageMain(stackNames(data.projects, data.dependencies)),
  }
}

const STACK_DESCRIPTION =
  'Check whether every component of your stack is documented compatible with the others, from the components you type or from an SBOM, a lockfile or helm list, and plan what must move for an upgrade.'

/**
 * The stack page after a file was posted to it (`POST /stack`): the stack derived from the
 * file and its verdict, or why there is none (`status`); never kept, never indexed. `names`:
 * what the rows complete from (`stackPageNames`).
 */
export function stackFilePage(
  names: readonly string[],
  view: StackFileView,
  today: string,
  status: SitePage['status'],
): SitePage {
  return {
    status,
    kind: 'stack',
    title: `${status === 200 ? 'Stack from your file' : 'Your file was not checked'} · ${SITE_NAME}`,
    description: STACK_DESCRIPTION,
    canonicalPath: '/stack',
    structuredData: null,
    main: stackPageMain(names, { view, today }),
  }
}

/** Every name the stack page's rows complete from: project ids, aliases, dependency keys. */
export function stackPageNames(data: SiteData): string[] {
  return stackNames(data.projects, data.dependencies)
}

/**
 * `/stack?` and the stack's query as the page writes it (with the plan asked of it, if any):
 * the same stack and plan, with the plan written in another order or with other spellings of
 * yes, is one page. Null when the query names no component.
 */
export function stackQueryIdentity(query: string): string | null {
  const read = readStackQuery(query)
  return read.components.length === 0 ? null : `/stack?${stackQuery(read.components, read.plan)}`
}

/**
 * The stack page with a stack asked in its URL (or sent by its form without a script),
 * answered: the stack in the rows, its verdict, and with a plan the plan form filled and the
 * plan's answer, so a shared link reads without a script. Its canonical page is `/stack`.
 */
export function stackShownPage(
  data: SiteData,
  shown: StackShown,
  status: 200 | 400 = 200,
): SitePage {
  const count = shown.components.length
  const title =
    shown.answer !== null
      ? `${planGoal(shown.answer)}: ${feasibilityText(shown.answer.feasible)}`
      : shown.stack !== null
        ? `Your stack of ${count === 1 ? '1 component' : `${count} components`}: ${shown.stack.compatible}`
        : 'Check a stack'
  return {
    status,
    kind: 'stack',
    title: `${title} · ${SITE_NAME}`,
    description: shown.answer?.reason ?? shown.stack?.reason ?? STACK_DESCRIPTION,
    canonicalPath: '/stack',
    structuredData: null,
    main: stackPageMain(stackNames(data.projects, data.dependencies), null, shown),
  }
}

function projectPage(data: SiteData, idOrAlias: string, today: string): SitePage {
  const entry = indexEntryOf(data.projects, idOrAlias)
  const document = entry === undefined ? undefined : data.document(entry.id)
  if (entry === undefined || document === undefined) {
    return notFound(notFoundMain(idOrAlias, nearestProjects(data.projects, idOrAlias)))
  }
  const project = toProject(document, entry.versions, data.projects)
  const keys = project.dependencyKeys
  const named =
    keys.length === 0
      ? ''
      : ` with ${keys.slice(0, 4).join(', ')}${keys.length > 4 ? ` and ${keys.length - 4} more` : ''}`
  const latest = entry.versions[0]
  const description = `Which versions of its dependencies each ${document.name} release documents as compatible${named}: ${entry.versions.length} versions${latest === undefined ? '' : `, newest ${latest}`}, each entry with its confidence, sources and the date it was verified.`
  return {
    status: 200,
    kind: 'project',
    title: `${document.name} compatibility · ${SITE_NAME}`,
    description,
    canonicalPath: projectPath(document.id),
    structuredData: {
      '@context': 'https://schema.org',
      '@type': 'Dataset',
      name: `${document.name} compatibility`,
      description,
      ...(entry.verified.newest === null ? {} : { dateModified: entry.verified.newest }),
      about: {
        '@type': 'SoftwareApplication',
        name: document.name,
        ...(document.website === '' ? {} : { url: document.website }),
      },
      variableMeasured: keys,
    },
    main: projectPageMain(project, today, projectLifecycle(document, today)),
  }
}

/**
 * A dependency's page judged for a version asked in its URL (`?version=1.34`): it leads with
 * the newest version of each project that works with it, so a shared link (and the form sent
 * without a script) reads completely. `version` obeys the value rules (the caller checks).
 * Null when nothing documents the dependency.
 */
export function judgedDependencyPage(
  data: SiteData,
  name: string,
  version: string,
  today: string,
): SitePage | null {
  const page = dependencyPage(data, name, today, version)
  return page.status === 404 ? null : page
}

function dependencyPage(data: SiteData, name: string, today: string, version?: string): SitePage {
  const view = data.dependencyView(name, version)
  if (view === undefined) {
    return notFound(dependencyNotFoundMain(name, nearestDependencyNames(data, name)))
  }
  const projects = new Set(view.entries.map((row) => row.project)).size
  return {
    status: 200,
    kind: 'dependency',
    title: `${version === undefined ? `Who documents ${name}` : `What works with ${name} ${version}`} · ${SITE_NAME}`,
    description: `Which ${name} versions each release of ${projects} ${projects === 1 ? 'project' : 'projects'} documents as compatible: ${view.entries.length} entries, with their confidence and sources.`,
    canonicalPath: dependencyPath(name),
    structuredData: null,
    main: dependencyPageMain(view, name, today),
  }
}

/** The API documentation (`/api/v1/docs`), from the OpenAPI document the server generates. */
export function apiDocsPage(document: OpenApiDocument): SitePage {
  return {
    status: 200,
    kind: 'docs',
    title: `API documentation · ${SITE_NAME}`,
    description:
      'The compat API v1, every operation described: checks, stacks, plans, projects, dependencies, support windows and badges.',
    canonicalPath: DOCS_PATH,
    structuredData: null,
    main: apiDocsMain(document, OPENAPI_PATH),
  }
}

function notFound(main: readonly MarkupElement[]): SitePage {
  return {
    status: 404,
    kind: 'not-found',
    title: `Not found · ${SITE_NAME}`,
    description: 'There is no page at this address.',
    canonicalPath: null,
    structuredData: null,
    main,
  }
}

function newestVerified(projects: readonly ProjectIndexEntry[]): string | null {
  return newestOf(projects.map((project) => ({ lastVerified: project.verified.newest })))
}
