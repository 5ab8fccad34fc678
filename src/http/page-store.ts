/**
 * The site's pages as the server sends them (docs/web.md, "Rendering"): rendered from the
 * served dataset's own API answers on first request, then kept in its answer cache, so a page
 * answers from memory, by the front door too, until the dataset is reloaded or the day
 * changes (the stale marks depend on the date).
 */
import { planBody } from '../api/combination-body.ts'
import type {
  DependencyIndex,
  PlanResult,
  ProjectDocument,
  ProjectIndexEntry,
  StackAnswer,
} from '../api/response-schemas.ts'
import { serializeAnswer } from '../api/serialize-answer.ts'
import { findProject } from '../core/dataset/build-dataset.ts'
import { evaluateDependency } from '../core/dependencies/evaluate-dependency.ts'
import { evaluateStackAnswer } from '../core/stack/stack-answer.ts'
import { loadingDocument, pageDocument } from '../site/page-document.ts'
import { planRequestOf, readStackQuery } from '../site/plan-query.ts'
import { robotsTxt } from '../site/robots-txt.ts'
import {
  type PageNames,
  pageIdentity,
  type SiteData,
  type SitePage,
  sitePage,
  sitePaths,
  stackFilePage,
  stackPageNames,
  stackPlanIdentity,
  stackPlanPage,
} from '../site/site-page.ts'
import { sitemapXml } from '../site/sitemap-xml.ts'
import type { StackFileView } from '../site/stack-file-markup.ts'
import { bufferOf, type CachedBody, cachedBody } from './cached-body.ts'
import { NO_SNIFF } from './cors.ts'
import { utcToday } from './day-answers.ts'
import type { MadeAnswer } from './file-reader-messages.ts'
import type { FilePageContext } from './render-file-page.ts'
import type { ServedDataset } from './served-dataset.ts'
import { CONTENT_SECURITY_POLICY, contentHash } from './static-asset.ts'

export const HTML_CONTENT_TYPE = 'text/html; charset=utf-8'

const PAGE_HEADERS = {
  ...NO_SNIFF,
  'content-security-policy': CONTENT_SECURITY_POLICY,
  vary: 'accept-encoding',
}

const XML_CONTENT_TYPE = 'application/xml; charset=utf-8'
const TEXT_CONTENT_TYPE = 'text/plain; charset=utf-8'
const LISTING_HEADERS = { ...NO_SNIFF, vary: 'accept-encoding' }
// Hosts a sitemap is kept for at once: the public name and a few others (a test, a proxy).
const MAX_LISTING_BASES = 4

export interface RenderedPage {
  readonly status: SitePage['status']
  readonly body: CachedBody
}

/** The API's answers a page may show, made (and kept) as the API's routes make them. */
export interface PageAnswers {
  /**
   * POST /api/v1/plan's answer to this body text, as the route answers it (kept by body text,
   * so the page and the script asking the same plan share it); undefined when the route would
   * refuse the body.
   */
  plan(served: ServedDataset, body: string): CachedBody | undefined
}

export class PageStore {
  readonly #shell: string
  readonly #publicUrl: string | null
  /** Today, as a UTC date: what is stale, and the day a kept page is good for. */
  readonly #today: () => string
  readonly #data = new WeakMap<ServedDataset, SiteData>()
  readonly #loading: CachedBody
  readonly #sitemaps = new WeakMap<ServedDataset, Map<string, CachedBody>>()
  readonly #robots = new Map<string, CachedBody>()
  readonly #answers: PageAnswers | null
  readonly #stackNames = new WeakMap<ServedDataset, readonly string[]>()

  /**
   * `shell`: web/index.html with its assets' versioned URLs. `answers`: the API's answers a
   * page shows (without them, a plan in the stack page's URL is left to the script).
   */
  constructor(
    shell: string,
    publicUrl: string | null,
    today: () => string = utcToday,
    answers: PageAnswers | null = null,
  ) {
    this.#shell = shell
    this.#publicUrl = publicUrl
    this.#today = today
    this.#answers = answers
    this.#loading = pageBody(loadingDocument(shell), null)
  }

  /** The kept page for this URL on this dataset, today; undefined when not rendered yet. */
  kept(served: ServedDataset, url: string): CachedBody | undefined {
    const identity = pageIdentity(namesOf(served), pathOf(url), queryOf(url))
    return identity === null ? undefined : served.answers.forUrl(pageKey(identity, this.#today()))
  }

  /** The page at `url`, rendered now unless kept; null when the path is no page of the site. */
  page(served: ServedDataset, url: string): RenderedPage | null {
    const path = pathOf(url)
    const today = this.#today()
    const planned = this.#planPage(served, path, queryOf(url), today)
    if (planned !== null) return planned
    const identity = pageIdentity(namesOf(served), path)
    const key = identity === null ? null : pageKey(identity, today)
    const kept = key === null ? undefined : served.answers.forUrl(key)
    if (kept !== undefined) return { status: 200, body: kept }
    const page = sitePage(this.#siteData(served), path, today)
    if (page === null) return null
    const html = pageDocument(this.#shell, page, this.#publicUrl)
    // A 404 is neither tagged nor kept: once the name exists, the page must show.
    if (page.status === 404 || key === null)
      return { status: page.status, body: pageBody(html, null) }
    // Weak: the same tag names the page in every content-coding.
    const body = pageBody(html, `W/"${contentHash(html)}"`)
    served.answers.keepForUrl(key, body, undefined, true)
    return { status: 200, body }
  }

  /**
   * The stack page with a plan asked in its query, answered (docs/web.md, "The stack page"):
   * a page of its own, kept under the plan's query the second time it is asked (as API answers
   * are: any query can be asked, and one asked once should not push pages out). Null when the
   * query asks no plan, or one the API would refuse: the stack page as usual, whose script then
   * asks the API and shows why.
   */
  #planPage(
    served: ServedDataset,
    path: string,
    query: string,
    today: string,
  ): RenderedPage | null {
    if (this.#answers === null || path !== '/stack') return null
    const identity = stackPlanIdentity(query)
    if (identity === null) return null
    const key = pageKey(identity, today)
    const kept = served.answers.forUrl(key)
    if (kept !== undefined) return { status: 200, body: kept }
    const { components, plan } = readStackQuery(query)
    if (plan === null) return null
    const answered = this.#answers.plan(served, planBody(planRequestOf(components, plan)))
    if (answered === undefined) return null
    const data = this.#siteData(served)
    // The stack's check as POST /api/v1/stack answers it for today, parsed as the script reads it.
    const stack = JSON.parse(
      serializeAnswer(evaluateStackAnswer(served.dataset, { components, date: today })),
    ) as StackAnswer
    const page = stackPlanPage(data, {
      components,
      fields: plan,
      stack,
      answer: parseBody(answered) as PlanResult,
      projects: data.projects,
      today,
    })
    const html = pageDocument(this.#shell, page, this.#publicUrl)
    const body = pageBody(html, `W/"${contentHash(html)}"`)
    served.answers.keepForUrl(key, body)
    return { status: 200, body }
  }

  /**
   * The stack page after a file was posted to it, rendered here for an answer that holds
   * nothing of the file (a refusal before reading it: too large, busy): never kept. A page
   * that shows the file is rendered by the file reader (`fileContext`, `filePage`).
   */
  stackFilePage(
    served: ServedDataset,
    view: StackFileView,
    status: SitePage['status'],
  ): CachedBody {
    const page = stackFilePage(this.#names(served), view, this.#today(), status)
    return this.filePage(pageDocument(this.#shell, page, this.#publicUrl))
  }

  /** What the file reader needs to render the stack page for a file, on this dataset today. */
  fileContext(served: ServedDataset): FilePageContext {
    return {
      shell: this.#shell,
      publicUrl: this.#publicUrl,
      names: this.#names(served),
      today: this.#today(),
    }
  }

  /**
   * A page for a posted file, sent once, never kept (it holds the file and what came of it):
   * HTML made here, or by the file reader (with its compressed form when it made one).
   */
  filePage(html: string | MadeAnswer): CachedBody {
    const options = {
      etag: null,
      contentType: HTML_CONTENT_TYPE,
      headers: PAGE_HEADERS,
      retained: false,
    }
    if (typeof html === 'string') return cachedBody(html, options)
    const { identity, encoded } = html
    return cachedBody(bufferOf(identity), {
      ...options,
      ...(encoded === undefined
        ? {}
        : { encoded: { [encoded.encoding]: bufferOf(encoded.bytes) } }),
    })
  }

  #names(served: ServedDataset): readonly string[] {
    let names = this.#stackNames.get(served)
    if (names === undefined) {
      names = stackPageNames(this.#siteData(served))
      this.#stackNames.set(served, names)
    }
    return names
  }

  /** `/sitemap.xml` under `base` (the public address, or the one the request came to). */
  sitemap(served: ServedDataset, base: string): CachedBody {
    let kept = this.#sitemaps.get(served)
    if (kept === undefined) {
      kept = new Map()
      this.#sitemaps.set(served, kept)
    }
    return keptListing(
      kept,
      base,
      () => sitemapXml(sitePaths(this.#siteData(served)), base),
      XML_CONTENT_TYPE,
    )
  }

  /** `/robots.txt` under `base`: it names no data, so it answers with or without a dataset. */
  robots(base: string): CachedBody {
    return keptListing(this.#robots, base, () => robotsTxt(base), TEXT_CONTENT_TYPE)
  }

  /** The public address pages are listed under, when the operator set one. */
  get publicUrl(): string | null {
    return this.#publicUrl
  }

  /** The shell that loads the page from the API once a dataset is served. */
  get loading(): CachedBody {
    return this.#loading
  }

  #siteData(served: ServedDataset): SiteData {
    let data = this.#data.get(served)
    if (data === undefined) {
      data = siteDataOf(served, this.#today)
      this.#data.set(served, data)
    }
    return data
  }
}

/**
 * The API's own answers, parsed: a page shows exactly what the script would get. Each is
 * parsed on first use; a project's document each time its page is rendered (once a day).
 */
function siteDataOf(served: ServedDataset, today: () => string): SiteData {
  let projects: readonly ProjectIndexEntry[] | undefined
  let dependencies: DependencyIndex | undefined
  return {
    get projects() {
      projects ??= (parseBody(served.projectList()) as { projects: ProjectIndexEntry[] }).projects
      return projects
    },
    get dependencies() {
      dependencies ??= parseBody(served.dependencyIndex()) as DependencyIndex
      return dependencies
    },
    document(id) {
      const body = served.projectDocument(id)
      return body === undefined ? undefined : (parseBody(body) as ProjectDocument)
    },
    dependencyView(name) {
      const view = evaluateDependency(served.dataset, { dependency: name, date: today() })
      return 'unknown' in view ? undefined : view
    },
  }
}

/** A listing kept by base; a few bases at most (the public name, a test, a proxy). */
function keptListing(
  kept: Map<string, CachedBody>,
  base: string,
  make: () => string,
  contentType: string,
): CachedBody {
  let body = kept.get(base)
  if (body === undefined) {
    const text = make()
    body = cachedBody(text, {
      etag: `W/"${contentHash(text)}"`,
      contentType,
      headers: LISTING_HEADERS,
    })
    if (kept.size >= MAX_LISTING_BASES) kept.clear()
    kept.set(base, body)
  }
  return body
}

function namesOf(served: ServedDataset): PageNames {
  return {
    projectId: (idOrAlias) => findProject(served.dataset, idOrAlias)?.document.id,
    documentsDependency: (name) => served.hasDependency(name),
  }
}

function parseBody(body: CachedBody): unknown {
  return JSON.parse(body.text ?? body.identity.toString('utf8'))
}

function pageBody(html: string, etag: string | null): CachedBody {
  return cachedBody(html, { etag, contentType: HTML_CONTENT_TYPE, headers: PAGE_HEADERS })
}

function pathOf(url: string): string {
  const query = url.indexOf('?')
  return query === -1 ? url : url.slice(0, query)
}

/** The query, without its `?`; empty when there is none. */
function queryOf(url: string): string {
  const query = url.indexOf('?')
  return query === -1 ? '' : url.slice(query + 1)
}

/** Pages share the answer cache with API answers; a space keeps their keys apart, the date fresh. */
function pageKey(path: string, today: string): string {
  return `page ${today} ${path}`
}
