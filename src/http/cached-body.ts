/**
 * A body kept as bytes with everything that never changes between its answers: its ETag, its
 * content type and fixed headers. Compressed variants are made on first request (or given
 * ready-made) and kept, so each is paid for once however often it is sent.
 */
import { promisify } from 'node:util'
import { brotliCompress, brotliCompressSync, constants, gzip, gzipSync } from 'node:zlib'
import { API_HEADERS } from './cors.ts'
import { MIN_COMPRESS_BYTES, MIN_RETAINED_BYTES_SENT_AS_BUFFER } from './server-limits.ts'

export type Encoding = 'br' | 'gzip'

export const JSON_CONTENT_TYPE = 'application/json; charset=utf-8'

export interface BodyOptions {
  readonly etag: string | null
  readonly contentType?: string
  readonly headers?: Readonly<Record<string, string>>
  /** Variants compressed ahead of time (web assets at the highest settings). */
  readonly encoded?: Partial<Record<Encoding, Buffer>>
  /** False for an answer that may be sent only once; see `CachedBody.retained`. */
  readonly retained?: boolean
  /**
   * The UTF-8 length of text content, when the caller measured it from the pieces it joined:
   * measuring the joined text would flatten it into a copy first.
   */
  readonly byteLength?: number
}

export class CachedBody {
  /** The text, for bodies made from text: sent as is, encoded by the socket write. */
  readonly text: string | null
  readonly byteLength: number
  /** null: not cacheable (sent `no-store`, never answered 304). */
  readonly etag: string | null
  readonly contentType: string
  /** Headers of every answer of this body, 304s included (CORS, vary, nosniff, …). */
  readonly headers: Readonly<Record<string, string>>
  /** The same, as a flat list of names and values. */
  readonly headerList: readonly string[]
  /** Compressed variants made so far. */
  encoded: Partial<Record<Encoding, Buffer>> | null
  /** Answers (status, headers, bytes) worked out so far, by variant; see `answerFor`. */
  answers: Map<string, unknown> | null
  /**
   * Whether the body is kept and sent again (documents, kept answers): then its bytes are
   * worth making once. An answer sent once goes out as text.
   */
  retained: boolean
  #identity: Buffer | null

  constructor(content: string | Buffer, options: BodyOptions) {
    this.text = typeof content === 'string' ? content : null
    this.#identity = typeof content === 'string' ? null : content
    this.byteLength =
      typeof content === 'string'
        ? (options.byteLength ?? Buffer.byteLength(content))
        : content.length
    this.etag = options.etag
    this.contentType = options.contentType ?? JSON_CONTENT_TYPE
    this.headers = options.headers ?? {}
    this.headerList = headerListOf(this.headers)
    // Made on first use: most answers are sent once, uncompressed.
    this.encoded = options.encoded === undefined ? null : { ...options.encoded }
    this.answers = null
    this.retained = options.retained ?? true
  }

  /** The bytes; made from the text on first use (compression, comparisons). */
  get identity(): Buffer {
    this.#identity ??= Buffer.from(this.text as string)
    return this.#identity
  }

  /**
   * What an uncompressed answer sends: the text for an answer sent once or a small one
   * (written with the headers in one piece), else the bytes, made once for every send.
   */
  get identityPayload(): string | Buffer {
    return this.text !== null &&
      !(this.retained && this.byteLength >= MIN_RETAINED_BYTES_SENT_AS_BUFFER)
      ? this.text
      : this.identity
  }

  /** Marks an answer made to be sent once as kept: answers worked out so far are redone. */
  retain(): void {
    if (this.retained) return
    this.retained = true
    this.answers = null
  }
}

// Bodies share a handful of header sets: each is flattened once.
const headerLists = new WeakMap<object, string[]>()

function headerListOf(headers: Readonly<Record<string, string>>): string[] {
  let list = headerLists.get(headers)
  if (list === undefined) {
    list = Object.entries(headers).flat()
    headerLists.set(headers, list)
  }
  return list
}

export function cachedBody(content: string | Buffer, options: BodyOptions): CachedBody {
  return new CachedBody(content, options)
}

/** True when compressing saves enough to be worth its time. */
export function isWorthCompressing(body: CachedBody): boolean {
  return body.byteLength >= MIN_COMPRESS_BYTES
}

// Mid-range settings: nearly the best ratio for JSON at a fraction of the maximum's cost.
const BROTLI_OPTIONS = { params: { [constants.BROTLI_PARAM_QUALITY]: 6 } }
const GZIP_OPTIONS = { level: 6 }

export function encodedBody(body: CachedBody, encoding: Encoding): Buffer {
  body.encoded ??= {}
  let encoded = body.encoded[encoding]
  if (encoded === undefined) {
    encoded = compressed(body.identity, encoding)
    body.encoded[encoding] = encoded
  }
  return encoded
}

/**
 * Bytes compressed as every answer is, here and now: for a thread that may take its time (the
 * file reader's worker compresses the answers it makes).
 */
export function compressed(bytes: Uint8Array, encoding: Encoding): Buffer {
  return encoding === 'br'
    ? brotliCompressSync(bytes, BROTLI_OPTIONS)
    : gzipSync(bytes, GZIP_OPTIONS)
}

/**
 * `encodedBody`'s work done in the thread pool, ahead of sending, for a large answer made for
 * one request (an SBOM's, a posted file's page): compressed on the serving thread, a megabyte
 * would hold every other answer for tens of milliseconds. Sending then finds it made.
 */
export async function encodeInThreadPool(
  body: CachedBody,
  encoding: Encoding | null,
): Promise<void> {
  if (encoding === null || !isWorthCompressing(body)) return
  body.encoded ??= {}
  body.encoded[encoding] ??=
    encoding === 'br'
      ? await brotliCompressAsync(body.identity, BROTLI_OPTIONS)
      : await gzipAsync(body.identity, GZIP_OPTIONS)
}

const brotliCompressAsync = promisify(brotliCompress)
const gzipAsync = promisify(gzip)

const CACHEABLE_API_HEADERS = { ...API_HEADERS, vary: 'accept-encoding' }

/**
 * An API answer: CORS for any origin; with an ETag, cacheable and varying by encoding.
 * `byteLength`: text's UTF-8 length, when measured already.
 */
export function apiBody(
  json: string | Buffer,
  etag: string | null,
  retained = true,
  byteLength?: number,
): CachedBody {
  return cachedBody(json, {
    etag,
    headers: etag === null ? API_HEADERS : CACHEABLE_API_HEADERS,
    retained,
    ...(byteLength === undefined ? {} : { byteLength }),
  })
}

/** A Buffer over the same memory as `bytes` (bytes handed over by a worker thread). */
export function bufferOf(bytes: Uint8Array): Buffer {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length)
}
