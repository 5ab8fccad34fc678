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
  readonly headers: Record<string, string>
  /** null for 304. */
  readonly payload: Buffer | null
}

/**
 * What to send for a stored body, given the request's conditional and encoding headers: the
 * one place that decides status, headers and bytes, for Fastify replies and replays alike.
 * With an ETag it is a cacheable GET answer (Cache-Control, 304 on If-None-Match); without
 * one it is not cacheable (POST answers). Compressed when accepted and large enough.
 */
export function answerFor(
  body: CachedBody,
  maxAge: number,
  ifNoneMatch: string | undefined,
  acceptEncoding: string | undefined,
): Answer {
  if (body.etag === null) {
    return withPayload(body, { ...CORS_HEADERS, 'cache-control': 'no-store' }, acceptEncoding)
  }
  const headers: Record<string, string> = {
    ...CORS_HEADERS,
    etag: body.etag,
    'cache-control': `public, max-age=${maxAge}`,
    vary: 'accept-encoding',
  }
  if (isNotModified(ifNoneMatch, body.etag)) return { status: 304, headers, payload: null }
  return withPayload(body, headers, acceptEncoding)
}

function withPayload(
  body: CachedBody,
  headers: Record<string, string>,
  acceptEncoding: string | undefined,
): Answer {
  headers['content-type'] = JSON_CONTENT_TYPE
  const encoding = isWorthCompressing(body) ? preferredEncoding(acceptEncoding) : null
  if (encoding === null) return { status: 200, headers, payload: body.identity }
  headers['content-encoding'] = encoding
  return { status: 200, headers, payload: encodedBody(body, encoding) }
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
