/**
 * The per-client limit at the very door (docs/operations.md, "Rate limit"): it runs before the
 * front door and before Fastify, so that every request counts the same however it is
 * answered, and a refused request costs no more than a hash and a small write.
 */
import type { IncomingMessage, ServerResponse } from 'node:http'
import { PROBLEM_CONTENT_TYPE, problem } from '../../api/problem.ts'
import { API_HEADERS } from '../cors.ts'
import { clientAddress, type TrustedProxies } from './client-address.ts'
import { windowName } from './parse-rate-limit.ts'
import type { RateLimiter } from './rate-limiter.ts'

/** Probes and scrapes come from the platform, often, and must never be refused. */
const EXEMPT = /^\/(?:healthz|readyz|metrics)(?:[?#]|$)/

export type RateLimitGate = (request: IncomingMessage, response: ServerResponse) => boolean

/** A gate that answers 429 and returns true for a request over its client's limit. */
export function rateLimitGate(limiter: RateLimiter, trusted: TrustedProxies | null): RateLimitGate {
  const windowSeconds = limiter.windowMs / 1000
  const per = windowName(windowSeconds)
  // The fields of draft-ietf-httpapi-ratelimit-headers-11: quota and window, then what is left.
  const policy = `"default";q=${limiter.limit};w=${windowSeconds}`
  return (request, response) => {
    if (EXEMPT.test(request.url ?? '')) return false
    const client = clientAddress(
      request.socket.remoteAddress,
      request.headers['x-forwarded-for'],
      trusted,
    )
    const decision = limiter.take(client)
    if (decision.allowed) return false
    const body = JSON.stringify(
      problem(
        429,
        `Too many requests from this client: at most ${limiter.limit} per ${per}. Retry in ${decision.resetSeconds} s.`,
      ),
    )
    response.writeHead(429, {
      ...API_HEADERS,
      'content-type': PROBLEM_CONTENT_TYPE,
      'cache-control': 'no-store',
      'content-length': Buffer.byteLength(body),
      'retry-after': String(decision.resetSeconds),
      'ratelimit-policy': policy,
      ratelimit: `"default";r=0;t=${decision.resetSeconds}`,
    })
    response.end(request.method === 'HEAD' ? undefined : body)
    return true
  }
}
