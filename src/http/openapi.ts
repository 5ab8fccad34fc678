import swagger from '@fastify/swagger'
import swaggerUi from '@fastify/swagger-ui'
import type { FastifyInstance } from 'fastify'
import { problemResponses } from './response-schemas.ts'
import { allowAnyOrigin } from './send-json.ts'

/** The OpenAPI 3.1 document, generated from the route schemas, and the docs UI (no CDN). */
export async function registerOpenApi(app: FastifyInstance, publicUrl: string): Promise<void> {
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
        { name: 'service', description: 'Service description, health and metrics.' },
      ],
    },
  })
  await app.register(swaggerUi, { routePrefix: '/api/v1/docs', staticCSP: true })
}

export function openApiRoute(app: FastifyInstance): void {
  let openApiJson: string | undefined
  app.get(
    '/api/v1/openapi.json',
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
      return allowAnyOrigin(reply)
        .header('cache-control', 'no-cache')
        .header('content-type', 'application/json; charset=utf-8')
        .send(openApiJson)
    },
  )
}
