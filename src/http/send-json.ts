/** Sends JSON with the caching and compression rules of CONTRACT §6, for stored and computed bodies. */
import { brotliCompressSync, constants, gzipSync } from 'node:zlib'
import type { FastifyReply, FastifyRequest } from 'fastify'
import { MIN_COMPRESS_BYTES } from './limits.ts'
import type { StaticBody } from './served-dataset.ts'

export const JSON_CONTENT_TYPE = 'application/json; charset=utf-8'

/** The API is public and read-only: any origin may read it (CONTRACT §6). */
export const CORS_HEADERS = {
  'access-control-allow-origin': '*',
  'access-control-expose-headers': 'etag, retry-after',
} as const

export function allowAnyOrigin(reply: FastifyReply): FastifyReply {
  return reply.headers(CORS_HEADERS)
}

export type Encoding = 'br' | 'gzip'

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

function cacheHeaders(reply: FastifyReply, etag: string, maxAge: number): FastifyReply {
  return allowAnyOrigin(reply)
    .header('etag', etag)
    .header('cache-control', `public, max-age=${maxAge}`)
    .header('vary', 'accept-encoding')
}

export function sendStaticBody(
  request: FastifyRequest,
  reply: FastifyReply,
  body: StaticBody,
  maxAge: number,
): FastifyReply {
  cacheHeaders(reply, body.etag, maxAge)
  if (isNotModified(request, body.etag)) return reply.code(304).send()
  reply.header('content-type', JSON_CONTENT_TYPE)
  const encoding = body.br === null ? null : preferredEncoding(request.headers['accept-encoding'])
  if (encoding === null) return reply.send(body.identity)
  return reply.header('content-encoding', encoding).send(encoding === 'br' ? body.br : body.gzip)
}

/** A computed answer; `etag` null for answers that are not cacheable (POST). */
export function sendComputedJson(
  request: FastifyRequest,
  reply: FastifyReply,
  json: string,
  etag: string | null,
  maxAge: number,
): FastifyReply {
  if (etag !== null) {
    cacheHeaders(reply, etag, maxAge)
    if (isNotModified(request, etag)) return reply.code(304).send()
  } else {
    allowAnyOrigin(reply).header('cache-control', 'no-store')
  }
  reply.header('content-type', JSON_CONTENT_TYPE)
  const encoding =
    json.length >= MIN_COMPRESS_BYTES ? preferredEncoding(request.headers['accept-encoding']) : null
  if (encoding === null) return reply.send(json)
  // Fast settings: these bodies are compressed per request, not once per dataset.
  const compressed =
    encoding === 'br'
      ? brotliCompressSync(json, { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } })
      : gzipSync(json, { level: 6 })
  return reply.header('content-encoding', encoding).send(compressed)
}

/** FNV-1a over the request URL: a cheap, stable tag for a computed answer within one dataset. */
export function urlTag(url: string): string {
  let hash = 0x811c9dc5
  for (let index = 0; index < url.length; index++) {
    hash ^= url.charCodeAt(index)
    hash = Math.imul(hash, 0x01000193)
  }
  return (hash >>> 0).toString(36)
}
