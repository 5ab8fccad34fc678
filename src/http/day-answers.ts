/**
 * Answers that depend on the day (support windows): kept for that UTC day only, and cached
 * downstream no later than its end (docs/api.md, "Support windows").
 */
import type { FastifyReply, FastifyRequest } from 'fastify'
import { utcDate } from '../core/evidence/is-stale.ts'
import { getAnswerBody } from './get-answer-body.ts'
import type { FrontDoorRoute, RouteContext } from './routes/route-context.ts'
import { sendBody } from './send-body.ts'
import type { ServedDataset } from './served-dataset.ts'

/** Today by the server's clock, as a UTC date. */
export function utcToday(): string {
  return utcDate(new Date())
}

const DAY_MS = 86_400_000

/**
 * Today's UTC date by `clock`, the text worked out again only when the day changes: the front
 * door asks it for every answer about today, and formatting a date each time costs more than
 * the cache lookup it keys.
 */
export function todayBy(clock: () => Date): () => string {
  let start = 0
  let end = -1
  let day = ''
  return () => {
    const now = clock().getTime()
    if (now < start || now >= end) {
      day = utcDate(new Date(now))
      start = Date.parse(`${day}T00:00:00Z`)
      end = start + DAY_MS
    }
    return day
  }
}

/** Whether the URL's path (before any query) ends with `segment`. */
export function pathEndsWith(url: string, segment: string): boolean {
  const query = url.indexOf('?')
  const path = query === -1 ? url : url.slice(0, query)
  return path.endsWith(segment)
}

// A `date` parameter in the query (its value, encoded, can hold no raw `&`).
const DATE_PARAMETER = /[?&]date=/

/**
 * The answer cache's key of a GET whose answer depends on the day: its URL when the query
 * names the day, else the URL with today's date after a `#` (which no request URL holds).
 */
export function dayAnswerKey(url: string, today: string): string {
  return DATE_PARAMETER.test(url) ? url : `${url}#${today}`
}

/**
 * `Cache-Control` of an answer about today: the usual max-age, cut at the end of the UTC day
 * so that no cache serves it tomorrow. An answer for a named day keeps the usual one.
 */
export function dayCacheControl(url: string, maxAge: number, now: Date): string {
  const age = dayMaxAge(url, maxAge, now)
  if (age !== maxAge) return `public, max-age=${age}`
  // Most of the day it is the usual one: the same text, not a new one per answer.
  let usual = USUAL_CACHE_CONTROL.get(maxAge)
  if (usual === undefined) {
    usual = `public, max-age=${maxAge}`
    USUAL_CACHE_CONTROL.set(maxAge, usual)
  }
  return usual
}

const USUAL_CACHE_CONTROL = new Map<number, string>()

/** That max-age, in seconds. */
export function dayMaxAge(url: string, maxAge: number, now: Date): number {
  if (DATE_PARAMETER.test(url)) return maxAge
  const midnight = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1)
  return Math.min(maxAge, Math.max(0, Math.floor((midnight - now.getTime()) / 1000)))
}

type DayContext = Pick<RouteContext, 'today' | 'clock' | 'cacheMaxAge'>

/**
 * The front door's entry for a GET route whose answers are about a day: the answers the route
 * kept under `dayAnswerKey`, sent with `dayCacheControl`. `claims` tells the route's URLs from
 * others under the same `path`.
 */
export function dayAnswersAtFrontDoor(
  { today, clock, cacheMaxAge }: DayContext,
  route: string,
  path: string,
  claims: (url: string) => boolean = () => true,
): FrontDoorRoute {
  return {
    route,
    path,
    exact: false,
    cacheControl: (url) => dayCacheControl(url, cacheMaxAge, clock()),
    answer: (served, url) =>
      claims(url) ? served.answers.forUrl(dayAnswerKey(url, today())) : undefined,
  }
}

/**
 * The route's side: an answer about `today` (or the day its query names) kept for the front
 * door under `dayAnswerKey`, and sent with `dayCacheControl`.
 */
export function sendDayAnswer(
  request: FastifyRequest,
  reply: FastifyReply,
  served: ServedDataset,
  today: string,
  text: string,
  { clock, cacheMaxAge }: DayContext,
): FastifyReply {
  const body = getAnswerBody(served, dayAnswerKey(request.url, today), text)
  return sendBody(request, reply, body, dayCacheControl(request.url, cacheMaxAge, clock()))
}
