/**
 * The interactive API documentation at /api/v1/docs: Swagger UI (from the swagger-ui-dist
 * package, see SWAGGER_UI_DIR) showing /api/v1/openapi.json. Its files are served like the web page's assets (ETag,
 * compression, a year of caching when asked for by version) and nothing comes from a CDN. They
 * are read on the first request, not at start-up: few processes are ever asked for them.
 */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify'
import { DOCS_PATH, OPENAPI_PATH } from '../../api/paths.ts'
import { SWAGGER_UI_DIR } from '../../paths.ts'
import { sendBody } from '../send-body.ts'
import { type Asset, asset, IMMUTABLE, REVALIDATE } from './web.ts'

const STATIC_PATH = `${DOCS_PATH}/static`
const JAVASCRIPT = 'text/javascript; charset=utf-8'

/** Swagger UI sets styles inline and shows the schema's images from data: URLs. */
const DOCS_CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "base-uri 'none'",
  "object-src 'none'",
  "frame-ancestors 'none'",
  "form-action 'self'",
].join('; ')

interface DocsAssets {
  readonly page: Asset
  /** By file name under STATIC_PATH. */
  readonly files: ReadonlyMap<string, Asset>
}

let docsAssets: DocsAssets | null = null

function loadDocsAssets(): DocsAssets {
  if (docsAssets !== null) return docsAssets
  const read = (name: string) => readFileSync(join(SWAGGER_UI_DIR, name))
  const bundle = asset(JAVASCRIPT, read('swagger-ui-bundle.js'))
  const style = asset('text/css; charset=utf-8', read('swagger-ui.css'))
  const icon = asset('image/png', read('favicon-32x32.png'))
  // No inline script (the policy above forbids it): the call that starts Swagger UI is a file.
  const start = asset(
    JAVASCRIPT,
    Buffer.from(
      `window.ui = SwaggerUIBundle(${JSON.stringify({ url: OPENAPI_PATH, dom_id: '#swagger-ui', deepLinking: true })})\n`,
    ),
  )
  const at = (name: string, file: Asset) => `${STATIC_PATH}/${name}?v=${file.version}`
  const html = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>compat API documentation</title>
<link rel="stylesheet" href="${at('swagger-ui.css', style)}">
<link rel="icon" type="image/png" href="${at('favicon-32x32.png', icon)}">
</head>
<body>
<div id="swagger-ui"></div>
<script src="${at('swagger-ui-bundle.js', bundle)}"></script>
<script src="${at('start.js', start)}"></script>
</body>
</html>
`
  docsAssets = {
    page: asset('text/html; charset=utf-8', Buffer.from(html), {
      'content-security-policy': DOCS_CONTENT_SECURITY_POLICY,
    }),
    files: new Map([
      ['swagger-ui-bundle.js', bundle],
      ['swagger-ui.css', style],
      ['favicon-32x32.png', icon],
      ['start.js', start],
    ]),
  }
  return docsAssets
}

export const docsRoutes: FastifyPluginAsync = async (app) => {
  const hidden = { schema: { hide: true } }
  const page = (request: FastifyRequest, reply: FastifyReply) =>
    sendBody(request, reply, loadDocsAssets().page.body, REVALIDATE)
  app.get(DOCS_PATH, hidden, page)
  app.get(`${DOCS_PATH}/`, hidden, page)
  app.get<{ Params: { file: string }; Querystring: { v?: unknown } }>(
    `${STATIC_PATH}/:file`,
    hidden,
    (request, reply) => {
      const file = loadDocsAssets().files.get(request.params.file)
      if (file === undefined) return reply.callNotFound()
      return sendBody(
        request,
        reply,
        file.body,
        request.query.v === file.version ? IMMUTABLE : REVALIDATE,
      )
    },
  )
}
