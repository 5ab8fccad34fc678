/**
 * Errors Node's HTTP parser raises before Fastify sees a request (oversized headers or URL,
 * malformed requests, timeouts), answered as problem+json straight on the socket.
 */
import type { Socket } from 'node:net'
import type { FastifyBaseLogger } from 'fastify'
import { MAX_HEADER_BYTES } from './limits.ts'
import { PROBLEM_CONTENT_TYPE, problem } from './problem.ts'

interface ClientError extends Error {
  readonly code?: string
  readonly rawPacket?: Buffer
}

export function clientErrorHandler(log: FastifyBaseLogger) {
  return (error: ClientError, socket: Socket): void => {
    if (error.code === 'ECONNRESET' || socket.destroyed) return
    const answer = describe(error)
    const body = JSON.stringify(answer)
    log.debug({ err: error }, 'client error')
    if (socket.writable) {
      socket.write(
        `HTTP/1.1 ${answer.status} ${answer.title}\r\ncontent-type: ${PROBLEM_CONTENT_TYPE}\r\n` +
          `content-length: ${Buffer.byteLength(body)}\r\naccess-control-allow-origin: *\r\nconnection: close\r\n\r\n${body}`,
      )
    }
    socket.destroy()
  }
}

function describe(error: ClientError) {
  switch (error.code) {
    case 'ERR_HTTP_REQUEST_TIMEOUT':
      return problem(408, 'The request was not received in time.')
    case 'HPE_HEADER_OVERFLOW':
      // No line break in what arrived: the request line (the URL) alone is too long.
      return error.rawPacket !== undefined && !error.rawPacket.includes('\r\n')
        ? problem(
            414,
            `The URL is longer than ${MAX_HEADER_BYTES} bytes; send combinations with POST.`,
          )
        : problem(431, `The request line and headers exceed ${MAX_HEADER_BYTES} bytes.`)
    default:
      return problem(400, 'The request is not valid HTTP.')
  }
}
