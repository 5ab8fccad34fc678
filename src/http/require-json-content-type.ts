import type { FastifyReply, FastifyRequest } from 'fastify'
import { problem } from '../api/problem.ts'
import { sendProblem } from './send-problem.ts'

/** 415 before the body is read: only application/json (any parameters, such as charset). */
export function requireJsonContentType(
  request: FastifyRequest,
  reply: FastifyReply,
  done: (error?: Error) => void,
): void {
  const contentType = request.headers['content-type']
  // The common case, exactly as clients send it, skips the parsing below.
  if (
    contentType === 'application/json' ||
    contentType?.split(';')[0]?.trim().toLowerCase() === 'application/json'
  ) {
    done()
    return
  }
  sendProblem(reply, problem(415, 'The body must be sent as content-type: application/json.'))
}
