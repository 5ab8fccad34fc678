/**
 * The OpenAPI 3.1 document (`/api/v1/openapi.json`), generated from the route schemas, and the
 * route that serves it; routes/docs-routes.ts renders it as the API documentation page.
 */
import swagger from '@fastify/swagger'
import type { FastifyPluginAsync } from 'fastify'
import fastifyPlugin from 'fastify-plugin'
import { OPENAPI_PATH } from '../../api/url-paths.ts'
import { packageVersion } from '../../package-version.ts'
import { API_HEADERS } from '../cors.ts'
import { problemResponses } from '../openapi-responses.ts'
import { checkQuery } from '../query-check.ts'

export interface OpenApiOptions {
  /** The public base URL for the document's `servers`. */
  readonly publicUrl: string
}

const openApiPlugin: FastifyPluginAsync<OpenApiOptions> = async (app, { publicUrl }) => {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'compat: software compatibility metadata API',
        // The service's own release; the API it serves is v1 (the paths say so).
        version: packageVersion(),
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
        {
          name: 'badges',
          description:
            'A single check as an SVG badge for a README, or as shields.io endpoint JSON.',
        },
        { name: 'service', description: 'Service description, health and metrics.' },
      ],
    },
  })

  let openApiJson: string | undefined
  app.get(
    OPENAPI_PATH,
    {
      preValidation: checkQuery(),
      schema: {
        summary: 'OpenAPI document',
        description:
          'This API described as OpenAPI 3.1, generated from the schemas that validate requests.',
        operationId: 'openapi',
        tags: ['service'],
        response: {
          200: { description: 'The OpenAPI 3.1 document.', type: 'object' },
          ...problemResponses(400),
        },
      },
    },
    (_request, reply) => {
      openApiJson ??= JSON.stringify(app.swagger())
      return reply
        .headers(API_HEADERS)
        .header('cache-control', 'no-cache')
        .header('content-type', 'application/json; charset=utf-8')
        .send(openApiJson)
    },
  )
}

export const openApi = fastifyPlugin(openApiPlugin, { name: 'openapi' })
