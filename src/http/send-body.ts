/**
 * Sends a stored body with the caching and compression rules of docs/api.md ("HTTP
 * behaviour"): ETag and 304, Cache-Control, br or gzip when accepted. The same rules serve API
 * answers and the web page's assets.
 */
import type { FastifyReply, FastifyRequest } from 'fastify'
import { type CachedBody, type Encoding, encodedBody, isWorthCompressing } from './cached-body.ts'
import { stringHash } from './string-hash.ts'
import { toBase36 } from './to-base36.ts'

/** The best encoding the client accepts (q > 0), brotli first; null for identity. */
export function preferredEncoding(header: string | undefined): Encoding | null {
  if (header === undefined || header === '') return null
  let gzip = false
  for (const item of header.split(',')) {
    const [name = '', ...parameters] = item.trim().toLowerCase().split(';')
    const refused = parameters.some((parameter) => /^\s*q=0(\.0*)?\s*$/.test(parameter))
    if (refused) continue
    if (name === 'br') return 'br'
    if (name === 'gzip' || name === '*') gzip = true
  }
  return gzip ? 'gzip' : null
}

/** True when an If-None-Match header holds this tag (compared weakly) or `*`. */
export function isNotModified(ifNoneMatch: string | undefined, etag: string): boolean {
  if (ifNoneMatch === undefined) return false
  if (ifNoneMatch.trim() === '*') return true
  const opaque = etag.startsWith('W/') ? etag.slice(2) : etag
  return ifNoneMatch.split(',').some((candidate) => {
    const trimmed = candidate.trim()
    return (trimmed.startsWith('W/') ? trimmed.slice(2) : trimmed) === opaque
  })
}

export interface Answer {
  readonly status: 200 | 304
  /**
   * Complete, content-length included, as a flat list of names and values (what
   * `writeHead` takes fastest); shared between requests: never modify.
   */
  readonly headers: readonly string[]
  /** null for 304; text for an uncompressed body made from text. */
  readonly payload: Buffer | string | null
  readonly cacheControl: string
}

type Variant = Encoding | 'identity' | 'not-modified'

/**
 * What to send for a stored body, given the request's conditional and encoding headers: the
 * one place that decides status, headers and bytes, for Fastify replies and front-door answers alike.
 * A body with an ETag answers 304 to a matching If-None-Match; one without is never
 * cached by anyone (`no-store`). Compressed when accepted and large enough. Each variant is
 * worked out once per body and kept with it.
 *
 * @example answerFor(body, 'public, max-age=300', request.headers['if-none-match'], request.headers['accept-encoding'])
 */
export function answerFor(
  body: CachedBody,
  cacheControl: string,
  ifNoneMatch: string | undefined,
  acceptEncoding: string | undefined,
): Answer {
  const variant: Variant =
    body.etag !== null && isNotModified(ifNoneMatch, body.etag)
      ? 'not-modified'
      : ((isWorthCompressing(body) ? preferredEncoding(acceptEncoding) : null) ?? 'identity')
  // An answer sent once is not worth keeping its variants for.
  if (!body.retained) return prepareAnswer(body, cacheControl, variant)
  body.answers ??= new Map()
  let answer = body.answers.get(variant) as Answer | undefined
  // A body is sent with one cache policy, except in tests that build several apps.
  if (answer === undefined || answer.cacheControl !== cacheControl) {
    answer = prepareAnswer(body, cacheControl, variant)
    body.answers.set(variant, answer)
  }
  return answer
}

function prepareAnswer(body: CachedBody, cacheControl: string, variant: Variant): Answer {
  const headers = body.headerList.slice()
  if (body.etag === null) headers.push('cache-control', 'no-store')
  else headers.push('etag', body.etag, 'cache-control', cacheControl)
  if (variant === 'not-modified') return { status: 304, headers, payload: null, cacheControl }
  headers.push('content-type', body.contentType)
  const payload = variant === 'identity' ? body.identityPayload : encodedBody(body, variant)
  if (variant !== 'identity') headers.push('content-encoding', variant)
  headers.push(
    'content-length',
    String(typeof payload === 'string' ? body.byteLength : payload.length),
  )
  return { status: 200, headers, payload, cacheControl }
}

export function sendBody(
  request: FastifyRequest,
  reply: FastifyReply,
  body: CachedBody,
  cacheControl: string,
): FastifyReply {
  const answer = answerFor(
    body,
    cacheControl,
    request.headers['if-none-match'],
    request.headers['accept-encoding'],
  )
  reply.code(answer.status)
  const { headers } = answer
  for (let index = 0; index < headers.length; index += 2) {
    reply.header(headers[index] as string, headers[index + 1])
  }
  return reply.send(answer.payload ?? undefined)
}

/** A cheap, stable tag for an answer within one dataset; `hash` is the text's `stringHash`. */
export function stringTag(text: string, hash = stringHash(text)): string {
  return toBase36(hash >>> 0) + toBase36(text.length)
}
