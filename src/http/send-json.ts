/** Sends JSON with the caching and compression rules of CONTRACT §6. */
import type { FastifyReply, FastifyRequest } from 'fastify'
import { type CachedBody, type Encoding, encodedBody, isWorthCompressing } from './cached-body.ts'

export const JSON_CONTENT_TYPE = 'application/json; charset=utf-8'

/** The API is public and read-only: any origin may read it (CONTRACT §6). */
export const CORS_HEADERS = {
  'access-control-allow-origin': '*',
  'access-control-expose-headers': 'etag, retry-after',
} as const

export function allowAnyOrigin(reply: FastifyReply): FastifyReply {
  return reply.headers(CORS_HEADERS)
}

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

/** True when an If-None-Match header holds this (weak) tag or `*`. */
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
  /** Complete, content-length included; shared between requests: never modify. */
  readonly headers: Readonly<Record<string, string>>
  /** null for 304. */
  readonly payload: Buffer | null
  readonly maxAge: number
}

type Variant = Encoding | 'identity' | 'not-modified'

/**
 * What to send for a stored body, given the request's conditional and encoding headers: the
 * one place that decides status, headers and bytes, for Fastify replies and replays alike.
 * With an ETag it is a cacheable GET answer (Cache-Control, 304 on If-None-Match); without
 * one it is not cacheable (POST answers). Compressed when accepted and large enough. Each
 * variant is worked out once per body and kept with it.
 */
export function answerFor(
  body: CachedBody,
  maxAge: number,
  ifNoneMatch: string | undefined,
  acceptEncoding: string | undefined,
): Answer {
  const variant: Variant =
    body.etag !== null && isNotModified(ifNoneMatch, body.etag)
      ? 'not-modified'
      : ((isWorthCompressing(body) ? preferredEncoding(acceptEncoding) : null) ?? 'identity')
  let answer = body.answers.get(variant) as Answer | undefined
  // One app has one max-age; the check only matters to tests that build several apps.
  if (answer === undefined || answer.maxAge !== maxAge) {
    answer = prepareAnswer(body, maxAge, variant)
    body.answers.set(variant, answer)
  }
  return answer
}

function prepareAnswer(body: CachedBody, maxAge: number, variant: Variant): Answer {
  const headers: Record<string, string> =
    body.etag === null
      ? { ...CORS_HEADERS, 'cache-control': 'no-store' }
      : {
          ...CORS_HEADERS,
          etag: body.etag,
          'cache-control': `public, max-age=${maxAge}`,
          vary: 'accept-encoding',
        }
  if (variant === 'not-modified') return { status: 304, headers, payload: null, maxAge }
  headers['content-type'] = JSON_CONTENT_TYPE
  const payload = variant === 'identity' ? body.identity : encodedBody(body, variant)
  if (variant !== 'identity') headers['content-encoding'] = variant
  headers['content-length'] = String(payload.length)
  return { status: 200, headers, payload, maxAge }
}

export function sendBody(
  request: FastifyRequest,
  reply: FastifyReply,
  body: CachedBody,
  maxAge: number,
): FastifyReply {
  const answer = answerFor(
    body,
    maxAge,
    request.headers['if-none-match'],
    request.headers['accept-encoding'],
  )
  return reply
    .code(answer.status)
    .headers(answer.headers)
    .send(answer.payload ?? undefined)
}

/** FNV-1a over the request URL: a cheap, stable tag for a computed answer within one dataset. */
export function urlTag(url: string): string {
  let hash = 0x811c9dc5
  for (let index = 0; index < url.length; index++) {
    hash ^= url.charCodeAt(index)
    hash = Math.imul(hash, 0x01000193)
  }
  return (hash >>> 0).toString(36) + url.length.toString(36)
}
