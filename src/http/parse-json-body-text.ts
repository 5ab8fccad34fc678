/**
 * The JSON body parser of the stack and plan routes: the object, plus the text as sent (the
 * answer cache keeps answers by body text) and the key order of its objects (answers list names
 * in the order written; docs/api.md, "Stacks"). Registered inside each route's own plugin.
 */
import type { FastifyInstance } from 'fastify'
import { MAX_JSON_DEPTH } from '../api/request-limits.ts'
import { parseJsonObject } from '../core/json/parse-json-object.ts'

declare module 'fastify' {
  interface FastifyRequest {
    /** The JSON body as sent and the key order of its objects; null before it is parsed. */
    jsonBody: { readonly text: string; readonly keyOrder: WeakMap<object, string[]> } | null
  }
}

export function parseJsonBodyText(app: FastifyInstance): void {
  app.decorateRequest('jsonBody', null)
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, text, done) => {
    try {
      const parsed = parseJsonObject(text as string, MAX_JSON_DEPTH)
      request.jsonBody = { text: text as string, keyOrder: parsed.keyOrder }
      done(null, parsed.value)
    } catch (error) {
      // Malformed JSON or a duplicate key: 400 (docs/api.md, "Errors and limits").
      ;(error as { statusCode?: number }).statusCode = 400
      done(error as Error, undefined)
    }
  })
}
