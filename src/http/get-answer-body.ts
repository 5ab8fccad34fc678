/** A computed GET answer, tagged and kept: the one way every GET route that computes answers caches them. */
import { apiBody, type CachedBody, cachedBody } from './cached-body.ts'
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
  const body = apiBody(content, answerTag(served, url, hash), false, byteLength)
  served.answers.keepForUrl(url, body, hash)
  return body
}

/** The same for an answer that is not plain API JSON (badges): its own type and headers. */
export function getTypedAnswerBody(
  served: ServedDataset,
  url: string,
  content: string,
  contentType: string,
  headers: Readonly<Record<string, string>>,
): CachedBody {
  const hash = stringHash(url)
  const etag = answerTag(served, url, hash)
  const body = cachedBody(content, { etag, contentType, headers, retained: false })
  served.answers.keepForUrl(url, body, hash)
  return body
}

/** The dataset's tag and the URL's: a new dataset, or another URL, is another tag. */
function answerTag(served: ServedDataset, url: string, hash: number): string {
  return `W/"${served.tag}-${stringTag(url, hash)}"`
}
