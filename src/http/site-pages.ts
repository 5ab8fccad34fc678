/**
 * The site's pages as the server sends them (docs/web.md, "Rendering"): rendered from the
 * served dataset's own API answers on first request, then kept in its answer cache, so a page
 * answers from memory, by the front door too, until the dataset is reloaded or the day
 * changes (the stale marks depend on the date).
 */
import { createHash } from 'node:crypto'
import type {
  DependencyIndex,
  ProjectDocument,
  ProjectIndexEntry,
} from '../api/response-schemas.ts'
import { evaluateDependency } from '../core/dependencies/evaluate-dependency.ts'
import { utcDate } from '../core/evidence/is-stale.ts'
import { loadingDocument, pageDocument } from '../site/page-document.ts'
import { type SiteData, sitePage, sitePaths } from '../site/site-page.ts'
import { robotsTxt, sitemapXml } from '../site/sitemap-xml.ts'
import { type CachedBody, cachedBody } from './cached-body.ts'
import type { ServedDataset } from './served-dataset.ts'
import { CONTENT_SECURITY_POLICY } from './static-asset.ts'

export const HTML_CONTENT_TYPE = 'text/html; charset=utf-8'

const PAGE_HEADERS = {
  'x-content-type-options': 'nosniff',
  'content-security-policy': CONTENT_SECURITY_POLICY,
  vary: 'accept-encoding',
}

const XML_CONTENT_TYPE = 'application/xml; charset=utf-8'
const TEXT_CONTENT_TYPE = 'text/plain; charset=utf-8'
const LISTING_HEADERS = { 'x-content-type-options': 'nosniff', vary: 'accept-encoding' }
// Hosts a sitemap is kept for at once: the public name and a few others (a test, a proxy).
const MAX_LISTING_BASES = 4

export interface RenderedPage {
  readonly status: 200 | 404
  readonly body: CachedBody
}

export class SitePages {
  readonly #shell: string
  readonly #publicUrl: string | null
  readonly #data = new WeakMap<ServedDataset, SiteData>()
  readonly #loading: CachedBody
  readonly #listings = new WeakMap<ServedDataset, Map<string, CachedBody>>()

  /** `shell`: web/index.html with its assets' versioned URLs. */
  constructor(shell: string, publicUrl: string | null) {
    this.#shell = shell
    this.#publicUrl = publicUrl
    this.#loading = pageBody(loadingDocument(shell), null)
  }

  /** The kept page for this URL on this dataset, today; undefined when not rendered yet. */
  kept(served: ServedDataset, url: string): CachedBody | undefined {
    return served.answers.forUrl(pageKey(pathOf(url)))
  }

  /** The page at `url`, rendered now unless kept; null when the path is no page of the site. */
  page(served: ServedDataset, url: string): RenderedPage | null {
    const path = pathOf(url)
    const key = pageKey(path)
    const kept = served.answers.forUrl(key)
    if (kept !== undefined) return { status: 200, body: kept }
    const page = sitePage(this.#siteData(served), path)
    if (page === null) return null
    const html = pageDocument(this.#shell, page, this.#publicUrl)
    // A 404 is neither tagged nor kept: once the name exists, the page must show.
    if (page.status === 404) return { status: 404, body: pageBody(html, null) }
    const body = pageBody(
      html,
      `"${createHash('sha256').update(html).digest('base64url').slice(0, 27)}"`,
    )
    served.answers.keepForUrl(key, body, undefined, true)
    return { status: 200, body }
  }

  /**
   * `/sitemap.xml` or `/robots.txt` under `base` (the public address, or the one the request
   * came to); a few bases are kept per dataset.
   */
  listing(served: ServedDataset, file: 'sitemap' | 'robots', base: string): CachedBody {
    let kept = this.#listings.get(served)
    if (kept === undefined) {
      kept = new Map()
      this.#listings.set(served, kept)
    }
    const key = `${file} ${base}`
    let body = kept.get(key)
    if (body === undefined) {
      const text =
        file === 'sitemap' ? sitemapXml(sitePaths(this.#siteData(served)), base) : robotsTxt(base)
      body = cachedBody(text, {
        etag: `"${contentHash(text)}"`,
        contentType: file === 'sitemap' ? XML_CONTENT_TYPE : TEXT_CONTENT_TYPE,
        headers: LISTING_HEADERS,
      })
      if (kept.size >= MAX_LISTING_BASES * 2) kept.clear()
      kept.set(key, body)
    }
    return body
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
      data = siteDataOf(served)
      this.#data.set(served, data)
    }
    return data
  }
}

/**
 * The API's own answers, parsed: a page shows exactly what the script would get. Each is
 * parsed on first use; a project's document each time its page is rendered (once a day).
 */
function siteDataOf(served: ServedDataset): SiteData {
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
      const view = evaluateDependency(served.dataset, { dependency: name })
      return 'unknown' in view ? undefined : view
    },
  }
}

function parseBody(body: CachedBody): unknown {
  return JSON.parse(body.text ?? body.identity.toString('utf8'))
}

function pageBody(html: string, etag: string | null): CachedBody {
  return cachedBody(html, { etag, contentType: HTML_CONTENT_TYPE, headers: PAGE_HEADERS })
}

function contentHash(text: string): string {
  return createHash('sha256').update(text).digest('base64url').slice(0, 27)
}

function pathOf(url: string): string {
  const query = url.indexOf('?')
  return query === -1 ? url : url.slice(0, query)
}

/** Pages share the answer cache with API answers; a space keeps their keys apart, the date fresh. */
function pageKey(path: string): string {
  return `page ${utcDate(new Date())} ${path}`
}
