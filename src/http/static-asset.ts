/**
 * A file served as it is — the web page's script, styles and icon — with a content-hash ETag and
 * version, kept compressed, and cached for a year when asked for at its current version.
 */
import { createHash } from 'node:crypto'
import { brotliCompress, constants, gzip } from 'node:zlib'
import type { FastifyReply, FastifyRequest } from 'fastify'
import { type CachedBody, cachedBody } from './cached-body.ts'
import { NO_SNIFF } from './cors.ts'
import { sendBody } from './send-body.ts'
import { MIN_COMPRESS_BYTES } from './server-limits.ts'

/** Scripts, styles, images, fetches: this origin only. No inline code, no framing. */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "base-uri 'none'",
  "object-src 'none'",
  "frame-ancestors 'none'",
  "form-action 'self'",
].join('; ')

/** Assets asked for with the current `?v=` hash never change: browsers may keep them a year. */
const IMMUTABLE = 'public, max-age=31536000, immutable'
/** Pages, and assets asked for without their version: asked again each time (ETag). */
export const REVALIDATE = 'no-cache'
const LARGE_ASSET_BYTES = 256 * 1024

export interface StaticAsset {
  readonly body: CachedBody
  /** Short content hash, the `?v=` of the asset's URL in the HTML. */
  readonly version: string
}

/**
 * Compressed once at the best settings, in the background: start-up does not wait for it
 * (about 100 ms of brotli at quality 11 for the web page), and a request that comes first is
 * compressed at the usual settings (encodedBody) until the better copy replaces it.
 */
export function staticAsset(
  contentType: string,
  identity: Buffer,
  extra: Record<string, string> = {},
): StaticAsset {
  const hash = contentHash(identity)
  const compress = identity.length >= MIN_COMPRESS_BYTES
  const headers: Record<string, string> = { ...NO_SNIFF, ...extra }
  if (compress) headers.vary = 'accept-encoding'
  const body = cachedBody(identity, {
    etag: `"${hash}"`,
    contentType,
    headers,
    encoded: {},
  })
  if (compress) {
    const best = (encoding: 'gzip' | 'br') => (error: Error | null, encoded: Buffer) => {
      if (error === null) body.encoded = { ...body.encoded, [encoding]: encoded }
    }
    gzip(identity, { level: 9 }, best('gzip'))
    // Quality 11 took 5 s of a core for a 1.7 MB script (Swagger UI's, once served here),
    // quality 9 0.2 s for a copy 9 % larger; the page's own files are far smaller.
    const quality = identity.length > LARGE_ASSET_BYTES ? 9 : 11
    brotliCompress(identity, { params: { [constants.BROTLI_PARAM_QUALITY]: quality } }, best('br'))
  }
  return { body, version: hash.slice(0, 12) }
}

/** A short hash of content (27 base64url characters, 162 bits) for ETags and versions. */
export function contentHash(content: string | Buffer): string {
  return createHash('sha256').update(content).digest('base64url').slice(0, 27)
}

/** Sends an asset: kept a year when asked for at its version (`?v=`), else revalidated. */
export function sendStaticAsset(
  request: FastifyRequest<{ Querystring: { v?: unknown } }>,
  reply: FastifyReply,
  asset: StaticAsset,
): FastifyReply {
  const cacheControl = request.query.v === asset.version ? IMMUTABLE : REVALIDATE
  return sendBody(request, reply, asset.body, cacheControl)
}
