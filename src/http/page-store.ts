/**
 * The site's pages as the server sends them (docs/web.md, "Rendering"): rendered from the
 * served dataset's own API answers on first request, then kept in its answer cache, so a page
 * answers from memory, by the front door too, until the dataset is reloaded or the day
 * changes (the stale marks depend on the date).
 */
import { planBody, stackBody } from '../api/combination-body.ts'
import type { ParameterError } from '../api/problem.ts'
import { MAX_DEPENDENCIES } from '../api/request-limits.ts'
import type { PlanResult, StackAnswer } from '../api/response-schemas.ts'
import { valueFault } from '../api/value-rules.ts'
import { findProject } from '../core/dataset/build-dataset.ts'
import { evaluateDependency } from '../core/dependencies/evaluate-dependency.ts'
import type { OpenApiDocument } from '../site/api-docs-markup.ts'
import { loadingDocument, pageDocument } from '../site/page-document.ts'
import { dependencyPath, readPagePath } from '../site/page-paths.ts'
import { EMPTY_PLAN, planRequestOf, readStackQuery, stackQuery } from '../site/plan-query.ts'
import { robotsTxt } from '../site/robots-txt.ts'
import {
  apiDocsPage,
  judgedDependencyPage,
  type PageNames,
  pageIdentity,
  type SiteData,
  type SitePage,
  sitePage,
  sitePaths,
  stackFilePage,
  stackPageNames,
  stackQueryIdentity,
  stackShownPage,
} from '../site/site-page.ts'
import { sitemapXml } from '../site/sitemap-xml.ts'
import type { StackFileView } from '../site/stack-file-markup.ts'
import {
  isStackFormQuery,
  planFieldsFault,
  planOfFields,
  readStackForm,
  stackOfRows,
} from '../site/stack-form-query.ts'
import type { StackShown } from '../site/stack-page-markup.ts'
import { bufferOf, type CachedBody, cachedBody } from './cached-body.ts'
import { NO_SNIFF } from './cors.ts'
import { utcToday } from './day-answers.ts'
import type { MadeAnswer } from './file-reader-messages.ts'
import type { FilePageContext } from './render-file-page.ts'
import type { BodyValue } from './routes/body-answer.ts'
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

/** The API's answers a page may show, made as the API's routes make them. */
export interface PageAnswers {
  /**
   * POST /api/v1/plan's answer to this body text, as the route reads and answers it, or the
   * faults for which the route would refuse it (its 400).
   */
  plan(served: ServedDataset, body: string): BodyValue<PlanResult>
  /** POST /api/v1/stack's answer to this body text, the same way. */
  stack(served: ServedDataset, body: string): BodyValue<StackAnswer>
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
   * page shows (without them, a stack in the stack page's URL is left to the script).
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
    const path = pathOf(url)
    const query = queryOf(url)
    const identity =
      judgedDependencyIdentity(served, path, query) ?? pageIdentity(namesOf(served), path, query)
    return identity === null ? undefined : served.answers.forUrl(pageKey(identity, this.#today()))
  }

  /** The page at `url`, rendered now unless kept; null when the path is no page of the site. */
  page(served: ServedDataset, url: string): RenderedPage | null {
    const path = pathOf(url)
    const today = this.#today()
    const planned =
      this.#stackPage(served, path, queryOf(url), today) ??
      this.#judgedDependencyPage(served, path, queryOf(url), today)
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
   * The stack page with a stack asked in its query, answered (docs/web.md, "The stack page"):
   * the rows, the stack's verdict, and the plan's answer when the query asks one. A page of its
   * own, kept under the query the second time it is asked (as API answers are: any query can
   * be asked, and one asked once should not push pages out). A stack the API would refuse is
   * the page with the API's words (400, never kept); a plan it would refuse, the stack's page
   * with the plan's faults beside the plan form (not kept either). Null when the query names
   * no component: the plain page.
   */
  #stackPage(
    served: ServedDataset,
    path: string,
    query: string,
    today: string,
  ): RenderedPage | null {
    if (this.#answers === null || path !== '/stack') return null
    const identity = stackQueryIdentity(query)
    if (identity === null) return null
    const key = pageKey(identity, today)
    const kept = served.answers.forUrl(key)
    if (kept !== undefined) return { status: 200, body: kept }
    const { components, plan } = readStackQuery(query)
    const data = this.#siteData(served)
    const base = {
      components,
      fields: plan ?? EMPTY_PLAN,
      answer: null,
      projects: data.projects,
      today,
    }
    const stackText = stackBody(components, today)
    const stackAnswered = this.#answers.stack(served, stackText)
    if ('errors' in stackAnswered) {
      const faults = bodyFaults(stackAnswered)
      const page = stackShownPage(
        data,
        { ...base, stack: null, notice: `The stack could not be checked: ${faults}` },
        400,
      )
      return { status: 400, body: pageBody(pageDocument(this.#shell, page, this.#publicUrl), null) }
    }
    const stack = stackAnswered.answer
    let answer: PlanResult | null = null
    let planNotice: string | undefined
    if (plan !== null) {
      const planText = planBody(planRequestOf(components, plan))
      const planAnswered = this.#answers.plan(served, planText)
      if ('errors' in planAnswered) {
        planNotice = `The plan could not be asked: ${bodyFaults(planAnswered)}`
      } else {
        answer = planAnswered.answer
      }
    }
    const page = stackShownPage(data, { ...base, stack, answer, planNotice })
    const html = pageDocument(this.#shell, page, this.#publicUrl)
    if (planNotice !== undefined) return { status: 200, body: pageBody(html, null) }
    const body = pageBody(html, `W/"${contentHash(html)}"`)
    served.answers.keepForUrl(key, body)
    return { status: 200, body }
  }

  /**
   * A dependency's page with a version in its query (`?version=1.34`), judged: a page of its
   * own, kept the second time it is asked, like a stack's. Null for another page, no version,
   * or one the API would refuse (the page as usual; its script asks and says why).
   */
  #judgedDependencyPage(
    served: ServedDataset,
    path: string,
    query: string,
    today: string,
  ): RenderedPage | null {
    const page = readPagePath(path)
    if (page?.kind !== 'dependency') return null
    const version = judgedVersion(query)
    if (version === null || !served.hasDependency(page.name)) return null
    const key = pageKey(
      `${dependencyPath(page.name)}?version=${encodeURIComponent(version)}`,
      today,
    )
    const kept = served.answers.forUrl(key)
    if (kept !== undefined) return { status: 200, body: kept }
    const judged = judgedDependencyPage(this.#siteData(served), page.name, version, today)
    if (judged === null) return null
    const html = pageDocument(this.#shell, judged, this.#publicUrl)
    const body = pageBody(html, `W/"${contentHash(html)}"`)
    served.answers.keepForUrl(key, body)
    return { status: 200, body }
  }

  /**
   * The stack form sent without a script (`GET /stack?name=…&version=…`): the stack's own
   * address to go to (with the plan when the fields ask one), or the page again with a row
   * more (**Add a component**) or with what is wrong in words (400). Null when the query is no
   * such form.
   */
  stackForm(served: ServedDataset, url: string): { location: string } | RenderedPage | null {
    const query = queryOf(url)
    if (pathOf(url) !== '/stack' || !isStackFormQuery(query)) return null
    const form = readStackForm(query)
    const data = this.#siteData(served)
    const again = (shown: Partial<StackShown>, status: 200 | 400): RenderedPage => {
      const page = stackShownPage(
        data,
        {
          components: form.rows,
          fields: form.fields,
          stack: null,
          answer: null,
          projects: data.projects,
          today: this.#today(),
          ...shown,
        },
        status,
      )
      return { status, body: pageBody(pageDocument(this.#shell, page, this.#publicUrl), null) }
    }
    if (form.add) {
      if (form.rows.length >= MAX_DEPENDENCIES) {
        return again({ notice: `A stack holds at most ${MAX_DEPENDENCIES} components.` }, 400)
      }
      return again({ components: [...form.rows, ['', '']], focusLastRow: true }, 200)
    }
    const stack = stackOfRows(form.rows)
    if (typeof stack === 'string') return again({ notice: stack }, 400)
    const planFault = planFieldsFault(form.fields, false)
    if (planFault !== null) return again({ planNotice: planFault }, 400)
    const plan = planOfFields(form.fields)
    return {
      location: `/stack?${stackQuery(stack, plan)}#${plan === null ? 'stack-result' : 'plan-result'}`,
    }
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

  /** The API documentation, from the OpenAPI document: a page of the site, kept by its caller. */
  docsPage(document: OpenApiDocument): CachedBody {
    const html = pageDocument(this.#shell, apiDocsPage(document), this.#publicUrl)
    return pageBody(html, `W/"${contentHash(html)}"`)
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
 * The values the API's answers are written from: a page shows exactly what the script would
 * get, without reading the API's bytes back.
 */
function siteDataOf(served: ServedDataset, today: () => string): SiteData {
  return {
    get projects() {
      return served.projectIndex()
    },
    get dependencies() {
      return served.dependencyIndexValue()
    },
    document: (id) => served.projectDocumentValue(id),
    dependencyView(name, version) {
      const view = evaluateDependency(served.dataset, {
        dependency: name,
        date: today(),
        ...(version === undefined ? {} : { version }),
      })
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

/**
 * The page a dependency's page judged for a version is kept as: the path and the version as
 * the page writes it; null for any other page.
 */
function judgedDependencyIdentity(
  served: ServedDataset,
  path: string,
  query: string,
): string | null {
  const page = readPagePath(path)
  if (page?.kind !== 'dependency' || !served.hasDependency(page.name)) return null
  const version = judgedVersion(query)
  return version === null
    ? null
    : `${dependencyPath(page.name)}?version=${encodeURIComponent(version)}`
}

/** The version a dependency page's query asks it to be judged for, when the API would take it. */
export function judgedVersion(query: string): string | null {
  const version = new URLSearchParams(query).get('version')?.trim() ?? ''
  return version === '' || valueFault(version) !== null ? null : version
}

/** A body's faults as the API's 400 names them, in one sentence. */
function bodyFaults(read: { readonly errors: readonly ParameterError[] } | object): string {
  const errors = 'errors' in read ? read.errors : []
  return `${errors.map((error) => `${error.name} ${error.reason}`).join('; ')}.`
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
