/**
 * A POST route answered from its JSON body alone (stacks, plans): the body read into the core's
 * request, the answer kept by the answer cache by body text, replayed by the front door before
 * Fastify is entered, and by the route for what the front door passed on.
 */
import type { FastifyReply, FastifyRequest } from 'fastify'
import type { ParameterError } from '../../api/problem.ts'
import { MAX_JSON_DEPTH } from '../../api/request-limits.ts'
import { serializeAnswer } from '../../api/serialize-answer.ts'
import type { Dataset } from '../../core/dataset/build-dataset.ts'
import { parseJsonObject } from '../../core/json/parse-json-object.ts'
import { apiBody, type CachedBody } from '../cached-body.ts'
import { sendBody } from '../send-body.ts'
import { sendBadRequest, sendNoDataset } from '../send-problem.ts'
import type { ServedDataset } from '../served-dataset.ts'
import type { BodyReplayRoute, RouteContext } from './route-context.ts'

export interface BodyAnswer<Request> {
  /** The route's path, and the answer cache's key for its bodies. */
  readonly path: string
  /** The body, parsed already, as the core's request, or every fault of it. */
  read(
    body: unknown,
    keyOrder: WeakMap<object, string[]> | null,
  ): { readonly request: Request } | { readonly errors: readonly ParameterError[] }
  /** The answer, as the response schema describes it. */
  answer(dataset: Dataset, request: Request): Parameters<typeof serializeAnswer>[0]
}

/** The front door's part: bodies answered before, or valid as read; any other goes to Fastify. */
export function bodyReplay<Request>(route: BodyAnswer<Request>): BodyReplayRoute {
  return {
    route: route.path,
    answer: (served, text) => {
      const cached = served.answers.forBody(route.path, text)
      if (cached !== undefined) return cached.body
      let parsed: ReturnType<typeof parseJsonObject>
      try {
        parsed = parseJsonObject(text, MAX_JSON_DEPTH)
      } catch {
        return undefined
      }
      const read = route.read(parsed.value, parsed.keyOrder)
      return 'errors' in read ? undefined : keptAnswer(route, served, text, read.request)
    },
  }
}

/** The route's handler, behind the JSON body parser (`parseJsonBodyText`) and the schema. */
export function bodyHandler<Request>(
  route: BodyAnswer<Request>,
  { holder, cacheControl }: RouteContext,
): (request: FastifyRequest, reply: FastifyReply) => FastifyReply {
  return (request, reply) => {
    const served = holder.current
    if (served === null) return sendNoDataset(reply)
    const received = request.jsonBody
    const read = route.read(request.body, received?.keyOrder ?? null)
    if ('errors' in read) return sendBadRequest(reply, read.errors)
    const cached = received === null ? undefined : served.answers.forBody(route.path, received.text)
    const body = cached?.body ?? keptAnswer(route, served, received?.text ?? null, read.request)
    return sendBody(request, reply, body, cacheControl)
  }
}

/** An answer, kept when its text comes again; `text` is null when it is not known. */
function keptAnswer<Request>(
  route: BodyAnswer<Request>,
  served: ServedDataset,
  text: string | null,
  request: Request,
): CachedBody {
  const body = apiBody(serializeAnswer(route.answer(served.dataset, request)), null, false)
  if (text !== null) served.answers.keepForBody(route.path, text, body, null)
  return body
}
