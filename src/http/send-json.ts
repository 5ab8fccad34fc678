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

/** True when the client's If-None-Match holds this (weak) tag or `*`. */
export function isNotModified(request: FastifyRequest, etag: string): boolean {
  const header = request.headers['if-none-match']
  if (header === undefined) return false
  if (header.trim() === '*') return true
  const opaque = etag.startsWith('W/') ? etag.slice(2) : etag
  return header.split(',').some((candidate) => {
    const trimmed = candidate.trim()
    return (trimmed.startsWith('W/') ? trimmed.slice(2) : trimmed) === opaque
  })
}

/**
 * Sends a body: with an ETag it is a cacheable GET answer (Cache-Control, 304 on
 * If-None-Match), without one it is not cacheable (POST answers). Compressed when accepted
 * and large enough.
 */
export function sendBody(
  request: FastifyRequest,
  reply: FastifyReply,
  body: CachedBody,
  maxAge: number,
): FastifyReply {
  allowAnyOrigin(reply)
  if (body.etag === null) {
    reply.header('cache-control', 'no-store')
  } else {
    reply
      .header('etag', body.etag)
      .header('cache-control', `public, max-age=${maxAge}`)
      .header('vary', 'accept-encoding')
    if (isNotModified(request, body.etag)) return reply.code(304).send()
  }
  reply.header('content-type', JSON_CONTENT_TYPE)
  const encoding = isWorthCompressing(body)
    ? preferredEncoding(request.headers['accept-encoding'])
    : null
  if (encoding === null) return reply.send(body.identity)
  return reply.header('content-encoding', encoding).send(encodedBody(body, encoding))
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
