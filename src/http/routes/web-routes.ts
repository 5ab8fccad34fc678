/**
 * The site (docs/web.md): the pages `/`, `/projects/:project`, `/dependencies`,
 * `/dependencies/:dependency` and `/stack`, rendered on the server from the served dataset
 * (src/http/page-store.ts), the stack page's file form (`POST /stack`, stack-file-form.ts),
 * and the script and stylesheet that enhance them, bundled from web/ by the build into
 * dist/web/ (scripts/bundle-web.ts). Pages and assets are sent by the same ETag and
 * compression rules as API answers.
 */
import { readFile } from 'node:fs/promises'
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify'
import { problem } from '../../api/problem.ts'
import { WEB_BUILT_DIR } from '../../package-files.ts'
import { PageStore } from '../page-store.ts'
import { sendBody } from '../send-body.ts'
import { sendNoDataset, sendProblem } from '../send-problem.ts'
import type { ServedDataset } from '../served-dataset.ts'
import { REVALIDATE, type StaticAsset, sendStaticAsset, staticAsset } from '../static-asset.ts'
import { planBodyValue } from './plan-routes.ts'
import type { FrontDoorRoute, RouteContext } from './route-context.ts'
import { registerStackFileForm } from './stack-file-form.ts'
import { stackBodyValue } from './stack-routes.ts'

/** The page's files as `npm run build` bundled them (scripts/bundle-web.ts), before hashing and compression. */
interface WebFiles {
  readonly script: Buffer
  readonly style: Buffer
  readonly shell: string
  readonly icon: Buffer
}

export interface WebAssets {
  /** web/index.html with the assets' versioned URLs: the shell of every page. */
  readonly shell: string
  readonly script: StaticAsset
  readonly style: StaticAsset
  readonly icon: StaticAsset
}

let loading: Promise<WebAssets> | null = null

/**
 * Reads the bundle once per process: buildApp runs many times in tests, and dist/web/ changes
 * only with a build (restart the server to see one; `npm run dev` restarts on an edit to web/).
 */
export function buildWebAssets(): Promise<WebAssets> {
  loading ??= readBundle().catch((error: unknown) => {
    loading = null
    throw error
  })
  return loading
}

async function builtWebFiles(): Promise<WebFiles> {
  const [script, style, shell, icon] = await Promise.all([
    readFile(`${WEB_BUILT_DIR}app.js`),
    readFile(`${WEB_BUILT_DIR}app.css`),
    readFile(`${WEB_BUILT_DIR}index.html`, 'utf8'),
    readFile(`${WEB_BUILT_DIR}icon.svg`),
  ])
  return { script, style, shell, icon }
}

async function readBundle(): Promise<WebAssets> {
  const files = await builtWebFiles()
  const scriptAsset = staticAsset('text/javascript; charset=utf-8', files.script)
  const styleAsset = staticAsset('text/css; charset=utf-8', files.style)
  const iconAsset = staticAsset('image/svg+xml', files.icon)
  const shell = files.shell
    .replace('"/assets/app.js"', `"/assets/app.js?v=${scriptAsset.version}"`)
    .replace('"/assets/app.css"', `"/assets/app.css?v=${styleAsset.version}"`)
    .replace('"/assets/icon.svg"', `"/assets/icon.svg?v=${iconAsset.version}"`)
  return { shell, script: scriptAsset, style: styleAsset, icon: iconAsset }
}

/** The site's pages once the shell is built; the front door sends the pages kept so far. */
export interface SiteHolder {
  pages: PageStore | null
}

export interface WebRouteOptions extends RouteContext {
  readonly site: SiteHolder
  /** The site's absolute address (COMPAT_PUBLIC_URL), for canonical links; null: paths. */
  readonly publicUrl: string | null
}

// The site's pages: [route, the URL or start of URLs the front door may answer, exact].
const PAGES: readonly (readonly [string, string, boolean])[] = [
  ['/', '/', true],
  ['/dependencies', '/dependencies', true],
  ['/stack', '/stack', true],
  ['/projects/:project', '/projects/', false],
  ['/dependencies/:dependency', '/dependencies/', false],
]

// A host name (a trailing dot and underscores allowed) or an address, with an optional port:
// anything else is not written into a listing.
const HOST = /^(?:[A-Za-z0-9_-]+(?:\.[A-Za-z0-9_-]+)*\.?|\[[0-9A-Fa-f:.]+\])(?::\d{1,5})?$/

/** The address the request came to, when the Host header is a host. */
function requestBase(request: FastifyRequest): string | null {
  const host = request.headers.host
  return host !== undefined && HOST.test(host) ? `${request.protocol}://${host}` : null
}

/**
 * Pages rendered before, sent by the front door whatever their query (the script reads it),
 * except a plan in the stack page's: that page is kept under its plan (page-store.ts).
 */
export function webAtFrontDoor(site: SiteHolder): readonly FrontDoorRoute[] {
  const kept = (served: ServedDataset, url: string) => site.pages?.kept(served, url)
  return PAGES.map(([route, path, exact]) => ({
    route,
    path,
    exact,
    anyQuery: true,
    cacheControl: REVALIDATE,
    answer: kept,
  }))
}

export const webRoutes: FastifyPluginAsync<WebRouteOptions> = async (app, options) => {
  const { holder, site, publicUrl, today } = options
  app.frontDoor.answer(webAtFrontDoor(site))
  const assets = await loadAssets()
  const hidden = { schema: { hide: true } }
  // A stack (and a plan) asked in the stack page's URL is answered as POST /api/v1/stack
  // (and /plan) answers its body; the page keeps what it draws.
  const pages =
    assets === null
      ? null
      : new PageStore(assets.shell, publicUrl, today, {
          plan: planBodyValue(options),
          stack: stackBodyValue(options),
        })
  site.pages = pages
  const sendUnavailable = (reply: FastifyReply) =>
    sendProblem(reply, problem(503, 'The web page is not available on this server.'))

  const page = (request: FastifyRequest, reply: FastifyReply) => {
    if (pages === null) return sendUnavailable(reply)
    const served = holder.current
    // No dataset yet: the shell, whose script shows the page once the API answers.
    if (served === null) return sendBody(request, reply, pages.loading, 'no-store')
    // The stack form sent without a script: to the stack's address, or the form again.
    const form = pages.stackForm(served, request.url)
    if (form !== null && 'location' in form) {
      return reply.header('cache-control', 'no-store').redirect(form.location, 303)
    }
    const rendered = form ?? pages.page(served, request.url)
    if (rendered === null) {
      return sendProblem(reply, problem(404, `No route GET ${request.url}; see /api/v1.`))
    }
    if (rendered.status === 200 && rendered.body.etag !== null) {
      return sendBody(request, reply, rendered.body, REVALIDATE)
    }
    // Not found, a form with what is wrong, a page not kept: no ETag, so it can never turn
    // into a 304 once the page exists.
    return reply
      .code(rendered.status)
      .headers(rendered.body.headers)
      .header('cache-control', 'no-store')
      .header('content-type', rendered.body.contentType)
      .send(rendered.body.identity)
  }
  const assetRoute = (path: string, pick: (built: WebAssets) => StaticAsset) => {
    app.get<{ Querystring: { v?: unknown } }>(path, hidden, (request, reply) => {
      if (assets === null) {
        return sendProblem(reply, problem(404, `No route GET ${path}; see /api/v1.`))
      }
      return sendStaticAsset(request, reply, pick(assets))
    })
  }

  // A project or dependency the served dataset lacks answers 404, so crawlers and link
  // checkers see it; the page itself tells the reader in words.
  for (const [route] of PAGES) app.get(route, hidden, page)
  // The stack page's file form posts to the page itself: answered for the poster alone.
  registerStackFileForm(app, options, pages, sendUnavailable)
  const listing =
    (file: 'sitemap' | 'robots') => (request: FastifyRequest, reply: FastifyReply) => {
      if (pages === null) return sendUnavailable(reply)
      const base = pages.publicUrl ?? requestBase(request)
      if (base === null) {
        return sendProblem(
          reply,
          problem(
            400,
            'The Host header is not a host name; the server lists its pages under COMPAT_PUBLIC_URL when set.',
          ),
        )
      }
      if (file === 'robots') return sendBody(request, reply, pages.robots(base), REVALIDATE)
      const served = holder.current
      if (served === null) return sendNoDataset(reply)
      return sendBody(request, reply, pages.sitemap(served, base), REVALIDATE)
    }
  app.get('/sitemap.xml', hidden, listing('sitemap'))
  app.get('/robots.txt', hidden, listing('robots'))
  assetRoute('/assets/app.js', (built) => built.script)
  assetRoute('/assets/app.css', (built) => built.style)
  assetRoute('/assets/icon.svg', (built) => built.icon)
  /** Whether the web page could be built; the API never depends on it. */
  async function loadAssets(): Promise<WebAssets | null> {
    try {
      return await buildWebAssets()
    } catch (error) {
      // No dist/web/ (never built): the API is still served.
      const code = (error as NodeJS.ErrnoException).code
      if (code === 'ERR_MODULE_NOT_FOUND' || code === 'ENOENT') {
        app.log.warn('the web page is not available here; the API at /api/v1 is')
        return null
      }
      throw error
    }
  }
}
