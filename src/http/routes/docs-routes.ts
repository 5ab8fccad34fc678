/**
 * The interactive API documentation at /api/v1/docs: Swagger UI (from the swagger-ui-dist
 * package, see SWAGGER_UI_DIR) showing /api/v1/openapi.json. Its files are served like the web
 * page's assets (static-asset.ts) and nothing comes from a CDN. They are read on the first
 * request, not at start-up: few processes are ever asked for them.
 */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify'
import { DOCS_PATH, OPENAPI_PATH } from '../../api/url-paths.ts'
import { SWAGGER_UI_DIR } from '../../package-files.ts'
import { packageVersion } from '../../package-version.ts'
import { escapeText } from '../../site/render-html.ts'
import { sendBody } from '../send-body.ts'
import {
  CONTENT_SECURITY_POLICY,
  REVALIDATE,
  type StaticAsset,
  sendStaticAsset,
  staticAsset,
} from '../static-asset.ts'

const STATIC_PATH = `${DOCS_PATH}/static`
const JAVASCRIPT = 'text/javascript; charset=utf-8'

/** Swagger UI's files the page uses, and their types; `npm run build` copies them. */
export const SWAGGER_UI_FILES: Readonly<Record<string, string>> = {
  'swagger-ui-bundle.js': JAVASCRIPT,
  'swagger-ui.css': 'text/css; charset=utf-8',
}

/** The web page's policy, but Swagger UI sets styles inline and shows images from data: URLs. */
const DOCS_CONTENT_SECURITY_POLICY = [
  CONTENT_SECURITY_POLICY,
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
].join('; ')

interface DocsAssets {
  readonly page: StaticAsset
  /** By file name under STATIC_PATH. */
  readonly files: ReadonlyMap<string, StaticAsset>
}

let docsAssets: DocsAssets | null = null

function loadDocsAssets(): DocsAssets {
  if (docsAssets !== null) return docsAssets
  const version = packageVersion()
  const files = new Map(
    Object.entries(SWAGGER_UI_FILES).map(([name, contentType]) => [
      name,
      staticAsset(contentType, readFileSync(join(SWAGGER_UI_DIR, name))),
    ]),
  )
  // No inline script (the policy above forbids it): the call that starts Swagger UI is a file.
  files.set(
    'start.js',
    staticAsset(
      JAVASCRIPT,
      Buffer.from(
        `window.ui = SwaggerUIBundle(${JSON.stringify({ url: OPENAPI_PATH, dom_id: '#swagger-ui', deepLinking: true })})\n`,
      ),
    ),
  )
  const at = (name: string) => `${STATIC_PATH}/${name}?v=${files.get(name)?.version}`
  const html = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>compat API documentation · ${escapeText(version)}</title>
<meta name="description" content="The compat API v1, every operation described and runnable: checks, stacks, plans, projects and dependencies.">
<link rel="stylesheet" href="${at('swagger-ui.css')}">
<link rel="icon" href="/assets/icon.svg" type="image/svg+xml">
<style>
.docs-header{display:flex;flex-wrap:wrap;gap:.25rem 1rem;align-items:baseline;padding:.75rem 1.25rem;border-bottom:1px solid #ddd;font-family:system-ui,sans-serif}
.docs-header a{font-weight:700;font-size:1.25rem;color:inherit;text-decoration:none}
</style>
</head>
<body>
<header class="docs-header"><a href="/">compat</a><span>API v1 documentation · service version ${escapeText(version)}</span><a href="/api/v1/openapi.json" style="font-size:1rem;font-weight:400;text-decoration:underline">OpenAPI document</a></header>
<div id="swagger-ui"></div>
<script src="${at('swagger-ui-bundle.js')}"></script>
<script src="${at('start.js')}"></script>
</body>
</html>
`
  docsAssets = {
    page: staticAsset('text/html; charset=utf-8', Buffer.from(html), {
      'content-security-policy': DOCS_CONTENT_SECURITY_POLICY,
    }),
    files,
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
      return sendStaticAsset(request, reply, file)
    },
  )
}
