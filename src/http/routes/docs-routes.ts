/**
 * The API documentation at /api/v1/docs (docs/web.md, "The API documentation"): the OpenAPI
 * document this server generates (/api/v1/openapi.json), rendered on the server as a page of
 * the site (src/site/api-docs-markup.ts), in its shell, under its Content-Security-Policy. It
 * needs no script and loads nothing but the site's own stylesheet and icon. Rendered on the
 * first request and kept: the document does not change while the process lives.
 */
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify'
import { problem } from '../../api/problem.ts'
import { DOCS_PATH } from '../../api/url-paths.ts'
import type { OpenApiDocument } from '../../site/api-docs-markup.ts'
import type { CachedBody } from '../cached-body.ts'
import { sendBody } from '../send-body.ts'
import { sendProblem } from '../send-problem.ts'
import { REVALIDATE } from '../static-asset.ts'
import type { SiteHolder } from './web-routes.ts'

export interface DocsRouteOptions {
  readonly site: SiteHolder
}

export const docsRoutes: FastifyPluginAsync<DocsRouteOptions> = async (app, { site }) => {
  const hidden = { schema: { hide: true } }
  let kept: CachedBody | null = null
  const page = (request: FastifyRequest, reply: FastifyReply) => {
    const pages = site.pages
    if (pages === null) {
      return sendProblem(reply, problem(503, 'The web page is not available on this server.'))
    }
    kept ??= pages.docsPage(app.swagger() as unknown as OpenApiDocument)
    return sendBody(request, reply, kept, REVALIDATE)
  }
  app.get(DOCS_PATH, hidden, page)
  app.get(`${DOCS_PATH}/`, hidden, page)
}
