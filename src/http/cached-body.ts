/**
 * A JSON answer kept as bytes with its ETag; compressed variants are made on first request
 * and kept, so each is paid for once however often it is sent.
 */
import { brotliCompressSync, constants, gzipSync } from 'node:zlib'
import { MIN_COMPRESS_BYTES } from './limits.ts'

export type Encoding = 'br' | 'gzip'

export interface CachedBody {
  readonly identity: Buffer
  readonly etag: string | null
  /** Compressed variants made so far. */
  readonly encoded: Partial<Record<Encoding, Buffer>>
  /** Answers (status, headers, bytes) worked out so far, by variant; see `answerFor`. */
  readonly answers: Map<string, unknown>
}

export function cachedBody(json: string, etag: string | null): CachedBody {
  return { identity: Buffer.from(json), etag, encoded: {}, answers: new Map() }
}

/** True when compressing saves enough to be worth its time (CONTRACT §6). */
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
