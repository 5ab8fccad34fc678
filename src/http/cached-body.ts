/**
 * A body kept as bytes with everything that never changes between its answers: its ETag, its
 * content type and fixed headers. Compressed variants are made on first request (or given
 * ready-made) and kept, so each is paid for once however often it is sent.
 */
import { brotliCompressSync, constants, gzipSync } from 'node:zlib'
import { CORS_HEADERS } from './cors.ts'
import { MIN_COMPRESS_BYTES } from './limits.ts'

export type Encoding = 'br' | 'gzip'

export const JSON_CONTENT_TYPE = 'application/json; charset=utf-8'

export interface CachedBody {
  readonly identity: Buffer
  /** null: not cacheable (sent `no-store`, never answered 304). */
  readonly etag: string | null
  readonly contentType: string
  /** Headers of every answer of this body, 304s included (CORS, vary, nosniff, …). */
  readonly headers: Readonly<Record<string, string>>
  /** Compressed variants made so far. */
  readonly encoded: Partial<Record<Encoding, Buffer>>
  /** Answers (status, headers, bytes) worked out so far, by variant; see `answerFor`. */
  readonly answers: Map<string, unknown>
}

export interface BodyOptions {
  readonly etag: string | null
  readonly contentType?: string
  readonly headers?: Readonly<Record<string, string>>
  /** Variants compressed ahead of time (web assets at the highest settings). */
  readonly encoded?: Partial<Record<Encoding, Buffer>>
}

export function cachedBody(content: string | Buffer, options: BodyOptions): CachedBody {
  return {
    identity: typeof content === 'string' ? Buffer.from(content) : content,
    etag: options.etag,
    contentType: options.contentType ?? JSON_CONTENT_TYPE,
    headers: options.headers ?? {},
    encoded: { ...options.encoded },
    answers: new Map(),
  }
}

/** True when compressing saves enough to be worth its time. */
export function isWorthCompressing(body: CachedBody): boolean {
  return body.identity.length >= MIN_COMPRESS_BYTES
}

export function encodedBody(body: CachedBody, encoding: Encoding): Buffer {
  let encoded = body.encoded[encoding]
  if (encoded === undefined) {
    // Mid-range settings: nearly the best ratio for JSON at a fraction of the maximum's cost.
    encoded =
      encoding === 'br'
        ? brotliCompressSync(body.identity, { params: { [constants.BROTLI_PARAM_QUALITY]: 6 } })
        : gzipSync(body.identity, { level: 6 })
    body.encoded[encoding] = encoded
  }
  return encoded
}

const CACHEABLE_API_HEADERS = { ...CORS_HEADERS, vary: 'accept-encoding' }

/** An API answer: CORS for any origin; with an ETag, cacheable and varying by encoding. */
export function apiBody(json: string, etag: string | null): CachedBody {
  return cachedBody(json, { etag, headers: etag === null ? CORS_HEADERS : CACHEABLE_API_HEADERS })
}
