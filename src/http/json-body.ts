/**
 * The JSON body of a POST route (check, stack, plan), read in tiers, cheapest first. Each tier
 * gives what the strict parser and the schema would, or leaves the text to the next:
 *
 * 1. **answered before**: the answer cache holds the answer to this exact text on the served
 *    dataset, with the value the text was read into then (valid: it was answered);
 * 2. **proven valid**: the route's reader of the usual body proves it valid while it reads it
 *    (the combination check's `readValidCheckBody`), so the schema need not run;
 * 3. **order-safe**: the engine's JSON.parse, when nothing in the text can make its result
 *    differ from the strict parser's (`parseOrderSafeJsonObject`);
 * 4. **strict**: `parseJsonObject`, which keeps the written order of keys and refuses a key
 *    given twice; malformed JSON is a 400 (docs/api.md, "Errors and limits").
 *
 * The front door reads a POST with the first two tiers (`answeredOrProven`); the route's own
 * content-type parser with all four (`registerJsonBody`), and its validator skips the schema
 * for a value the first two tiers vouch for (`validateUnlessProven`). docs/architecture.md.
 */
import { isUtf8 } from 'node:buffer'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { MAX_JSON_DEPTH } from '../api/request-limits.ts'
import { parseJsonObject } from '../core/json/parse-json-object.ts'
import { parseOrderSafeJsonObject } from '../core/json/parse-order-safe-json-object.ts'
import type { CachedBody } from './cached-body.ts'
import type { DatasetHolder } from './dataset-holder.ts'
import type { ServedDataset } from './served-dataset.ts'

/** A route that takes a JSON body, and how it proves its usual body valid (if it can). */
export interface JsonBodyRoute<Proven = unknown> {
  /** The route's path: also the answer cache's key for its bodies, unless `answerKey` says. */
  readonly path: string
  /** The answer cache's key for its bodies when it is not the path (today's, for stacks). */
  readonly answerKey?: () => string
  /** The usual body proven valid as it is read, with the request read from it; else null. */
  readonly prove?: (text: string) => { readonly value: object; readonly request: Proven } | null
}

/** What is known of a body once read. */
export interface ReceivedBody<Proven = unknown> {
  /** The body as sent: the answer cache's key. */
  readonly text: string
  /** Key order of each object in the body, as written; null when the objects keep it. */
  readonly keyOrder: WeakMap<object, string[]> | null
  /** The answer to an identical body, made earlier on the same dataset. */
  readonly answered: CachedBody | null
  /** The request, when the body was proven valid as it was read. */
  readonly request: Proven | null
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The JSON body as sent and what is known of it; null before it is parsed. */
    jsonBody: ReceivedBody | null
  }
}

// Values proven valid before the schema runs: read by a route's `prove`, or answered before
// (the answer cache hands back the value that passed then). Shared by the front door and the
// routes, which may both keep answers.
const provenValid = new WeakSet<object>()

/** Where the answer cache keeps a route's answers by body text. */
export function answerKeyOf(route: JsonBodyRoute): string {
  return route.answerKey?.() ?? route.path
}

/** Marks a value as valid for the route's schema: its validator need not run again. */
export function markProvenValid(value: object): void {
  provenValid.add(value)
}

/** Tiers 1 and 2: the body's answer or its proven request and value; null for anything else. */
export function answeredOrProven<Proven>(
  served: ServedDataset | null,
  route: JsonBodyRoute<Proven>,
  text: string,
): { readonly value: unknown; readonly body: ReceivedBody<Proven> } | null {
  const cached = served?.answers.forBody(answerKeyOf(route), text)
  if (cached !== undefined) {
    return {
      value: cached.parsed,
      body: { text, keyOrder: null, answered: cached.body, request: null },
    }
  }
  const proven = route.prove?.(text) ?? null
  if (proven === null) return null
  provenValid.add(proven.value)
  return {
    value: proven.value,
    body: { text, keyOrder: null, answered: null, request: proven.request },
  }
}

/** All four tiers; throws on malformed JSON (tier 4's error, with its position). */
export function readJsonBody<Proven>(
  served: ServedDataset | null,
  route: JsonBodyRoute<Proven>,
  text: string,
): { readonly value: unknown; readonly body: ReceivedBody<Proven> } {
  const known = answeredOrProven(served, route, text)
  if (known !== null) return known
  const orderSafe = parseOrderSafeJsonObject(text)
  if (orderSafe !== null) {
    return { value: orderSafe, body: { text, keyOrder: null, answered: null, request: null } }
  }
  const parsed = parseJsonObject(text, MAX_JSON_DEPTH)
  return {
    value: parsed.value,
    body: { text, keyOrder: parsed.keyOrder, answered: null, request: null },
  }
}

/** The route's JSON body parser, registered inside the route's own plugin. */
export function registerJsonBody(
  app: FastifyInstance,
  holder: DatasetHolder,
  route: JsonBodyRoute,
): void {
  app.decorateRequest('jsonBody', null)
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (request, bytes, done) =>
    parseJsonBody(holder, route, request, bytes as Buffer, done),
  )
}

/**
 * A JSON body's bytes read in the four tiers into the request (`jsonBody`) and the value handed
 * to the schema: what a route's JSON parser does once it has the bytes.
 */
export function parseJsonBody(
  holder: DatasetHolder,
  route: JsonBodyRoute,
  request: FastifyRequest,
  bytes: Buffer,
  done: (error: Error | null, value?: unknown) => void,
): void {
  // Bytes that are not UTF-8 are refused, never read with U+FFFD in their place and echoed.
  if (!isUtf8(bytes)) {
    done(new NotUtf8Error(), undefined)
    return
  }
  try {
    const { value, body } = readJsonBody(holder.current, route, bytes.toString())
    request.jsonBody = body
    done(null, value)
  } catch (error) {
    // Malformed JSON or a key given twice: 400 (docs/api.md, "Errors and limits").
    ;(error as { statusCode?: number }).statusCode = 400
    done(error as Error, undefined)
  }
}

/** A JSON body whose bytes are not UTF-8: 400 (docs/api.md, "Errors and limits"). */
export class NotUtf8Error extends Error {
  readonly statusCode = 400

  constructor() {
    super('The body is not UTF-8 text.')
  }
}

/** A schema validator that lets through, unchecked again, a value proven valid as it was read. */
export function validateUnlessProven<
  Validate extends ((data: unknown) => boolean) & {
    errors?: unknown
  },
>(validate: Validate): (data: unknown) => boolean {
  const validator = Object.assign(
    (data: unknown): boolean => {
      if (typeof data === 'object' && data !== null && provenValid.has(data)) return true
      const valid = validate(data)
      validator.errors = validate.errors
      return valid
    },
    { errors: null as unknown },
  )
  return validator
}
