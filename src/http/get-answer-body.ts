/** A computed GET answer, tagged and kept: the one way every GET route that computes answers caches them. */
import { apiBody, type CachedBody } from './cached-body.ts'
import { stringTag } from './send-body.ts'
import type { ServedDataset } from './served-dataset.ts'
import { stringHash } from './string-hash.ts'

/**
 * A GET answer with its ETag, kept for the next identical request: the URL is hashed
 * once for both. `byteLength`: text content's UTF-8 length, when measured already.
 */
export function getAnswerBody(
  served: ServedDataset,
  url: string,
  content: string | Buffer,
  byteLength?: number,
): CachedBody {
  const hash = stringHash(url)
  const body = apiBody(content, `W/"${served.tag}-${stringTag(url, hash)}"`, false, byteLength)
  served.answers.keepForUrl(url, body, hash)
  return body
}
