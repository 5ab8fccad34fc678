import type { FastifyBaseLogger } from 'fastify'

/** The one log line of a request (at info), the same for Fastify routes and the front door. */
export function logRequest(
  log: FastifyBaseLogger,
  reqId: string,
  method: string,
  url: string,
  status: number,
  milliseconds: number,
): void {
  log.info({ reqId, method, url, status, ms: Math.round(milliseconds * 100) / 100 }, 'request')
}
