/**
 * Errors Node's HTTP parser raises before Fastify sees a request (oversized headers or URL,
 * malformed requests, timeouts), answered as problem+json straight on the socket.
 */
import type { Socket } from 'node:net'
import type { FastifyBaseLogger } from 'fastify'
import { PROBLEM_CONTENT_TYPE, problem } from '../api/problem.ts'
import { MAX_HEADER_BYTES, MAX_URL_BYTES } from './server-limits.ts'

interface ClientError extends Error {
  readonly code?: string
  readonly rawPacket?: Buffer
}

/** `log` is read when an error happens: the handler exists before the app's logger does. */
export function clientErrorHandler(log: () => FastifyBaseLogger) {
  return (error: ClientError, socket: Socket): void => {
    if (error.code === 'ECONNRESET' || socket.destroyed) return
    const answer = describe(error)
    const body = JSON.stringify(answer)
    log().debug({ err: error }, 'client error')
    if (socket.writable) {
      socket.write(
        `HTTP/1.1 ${answer.status} ${answer.title}\r\ncontent-type: ${PROBLEM_CONTENT_TYPE}\r\n` +
          `content-length: ${Buffer.byteLength(body)}\r\naccess-control-allow-origin: *\r\n` +
          `x-content-type-options: nosniff\r\nconnection: close\r\n\r\n${body}`,
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
      return isUrlTooLong(error.rawPacket)
        ? problem(
            414,
            `The URL is longer than ${MAX_URL_BYTES} bytes; send combinations with POST.`,
          )
        : problem(431, `The request line and headers exceed ${MAX_HEADER_BYTES} bytes.`)
    default:
      return problem(400, 'The request is not valid HTTP.')
  }
}

/** The overflowing request's first line is the URL's: too long, or not even ended yet. */
function isUrlTooLong(raw: Buffer | undefined): boolean {
  if (raw === undefined || !/^[A-Z]+ /.test(raw.subarray(0, 16).toString('latin1'))) return false
  const lineEnd = raw.indexOf('\r\n')
  return lineEnd === -1 || lineEnd > MAX_URL_BYTES
}
