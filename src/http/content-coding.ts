/**
 * A request body's content coding (docs/api.md, "Errors and limits"): the server reads bodies
 * as sent, uncompressed. A body in any other coding (gzip, br, deflate, one it has never heard
 * of) is refused with 415 before it is read, on every route that takes a body, rather than
 * read as if plain — gzip's bytes then failed as "not UTF-8", br's were read as JSON. Bodies
 * are at most 16 KiB (4 MiB for a file), not worth a decompressor and its bomb limits.
 */
import type { IncomingHttpHeaders } from 'node:http'
import { type Problem, problem } from '../api/problem.ts'
import { quotedExcerpt } from '../core/text/excerpt.ts'

/** What a 415 for a content coding says the server reads (RFC 9110, 15.5.16). */
export const READ_CODINGS = { 'accept-encoding': 'identity' } as const

/** The request's content coding when it is one the server does not read; null for none. */
export function unreadCoding(headers: IncomingHttpHeaders): string | null {
  const coding = headers['content-encoding']
  if (coding === undefined) return null
  const name = coding.trim().toLowerCase()
  return name === '' || name === 'identity' ? null : coding
}

/** The words of the refusal, for a problem or a page. */
export function unreadCodingText(coding: string): string {
  return `The body is sent with content-encoding ${quotedExcerpt(coding, 40)}, which this server does not read; send it uncompressed.`
}

export function unreadCodingProblem(coding: string): Problem {
  return problem(415, unreadCodingText(coding))
}
