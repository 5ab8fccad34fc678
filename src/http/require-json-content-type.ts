import type { FastifyReply, FastifyRequest } from 'fastify'
import { problem } from '../api/problem.ts'
import { READ_CODINGS, unreadCoding, unreadCodingProblem } from './content-coding.ts'
import { sendProblem } from './send-problem.ts'

type OnRequest = (
  request: FastifyRequest,
  reply: FastifyReply,
  done: (error?: Error) => void,
) => void

/**
 * 415 before the body is read: only application/json (any parameters, such as charset), sent
 * uncompressed.
 */
export const requireJsonContentType: OnRequest = (request, reply, done) => {
  if (refusedCoding(request, reply)) return
  if (isJson(request.headers['content-type'])) done()
  else sendProblem(reply, problem(415, 'The body must be sent as content-type: application/json.'))
}

function isJson(contentType: string | undefined): boolean {
  // The common case, exactly as clients send it, skips the parsing.
  return (
    contentType === 'application/json' ||
    contentType?.split(';')[0]?.trim().toLowerCase() === 'application/json'
  )
}

/** A body in a content coding the server does not read is refused (415); true when it was. */
export function refusedCoding(request: FastifyRequest, reply: FastifyReply): boolean {
  const coding = unreadCoding(request.headers)
  if (coding === null) return false
  sendProblem(reply.headers(READ_CODINGS), unreadCodingProblem(coding))
  return true
}
