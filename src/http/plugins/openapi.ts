/**
 * The OpenAPI 3.1 document (`/api/v1/openapi.json`), generated from the route schemas, and the
 * interactive docs (`/api/v1/docs`), served from the package: nothing from a CDN.
 */
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import swagger from '@fastify/swagger'
import swaggerUi from '@fastify/swagger-ui'
import type { FastifyPluginAsync } from 'fastify'
import fastifyPlugin from 'fastify-plugin'
import { DOCS_PATH, OPENAPI_PATH } from '../../api/paths.ts'
import { CORS_HEADERS } from '../cors.ts'
import { problemResponses } from '../openapi-responses.ts'

export interface OpenApiOptions {
  /** The public base URL for the document's `servers`. */
  readonly publicUrl: string
}

// Swagger UI's own files stay in its installed package; the server bundle (dist/server.js)
// does not carry them, so the plugin is told where they are rather than left to find them
// beside its module.
function swaggerUiFiles(): { baseDir: string; logo: { type: string; content: Buffer } } {
  const baseDir = join(
    dirname(createRequire(import.meta.url).resolve('@fastify/swagger-ui')),
    'static',
  )
  return {
    baseDir,
    logo: { type: 'image/svg+xml', content: readFileSync(join(baseDir, 'logo.svg')) },
  }
}

const openApiPlugin: FastifyPluginAsync<OpenApiOptions> = async (app, { publicUrl }) => {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'compat: software compatibility metadata API',
        version: '1.0.0',
        description:
          'A public, read-only JSON API: which versions of runtimes, databases, bundled parts and installers each project version documents as compatible, with the evidence. Errors are RFC 9457 problem details.',
        license: { name: 'MIT', identifier: 'MIT' },
      },
      servers: [{ url: publicUrl, description: 'This server' }],
      security: [],
      tags: [
        { name: 'projects', description: 'Project index and compatibility documents.' },
        { name: 'check', description: 'Compatibility checks.' },
        {
          name: 'versions',
          description: 'Which versions of a project fit a set of dependency versions.',
        },
        { name: 'dependencies', description: 'Who documents a dependency: the reverse view.' },
        { name: 'plan', description: 'What must move, and to what, for a target to hold.' },
        {
          name: 'stack',
          description: 'Whether a whole stack is documented compatible with itself.',
        },
        { name: 'service', description: 'Service description, health and metrics.' },
      ],
    },
  })
  await app.register(swaggerUi, { routePrefix: DOCS_PATH, staticCSP: true, ...swaggerUiFiles() })

  let openApiJson: string | undefined
  app.get(
    OPENAPI_PATH,
    {
      schema: {
        summary: 'OpenAPI document',
        description:
          'This API described as OpenAPI 3.1, generated from the schemas that validate requests.',
        operationId: 'openapi',
        tags: ['service'],
        response: {
          200: { description: 'The OpenAPI 3.1 document.', type: 'object' },
          ...problemResponses(),
        },
      },
    },
    (_request, reply) => {
      openApiJson ??= JSON.stringify(app.swagger())
      return reply
        .headers(CORS_HEADERS)
        .header('cache-control', 'no-cache')
        .header('content-type', 'application/json; charset=utf-8')
        .send(openApiJson)
    },
  )
}

export const openApi = fastifyPlugin(openApiPlugin, { name: 'openapi' })
