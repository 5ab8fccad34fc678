/**
 * A POST route answered from its JSON body alone (stacks, plans): the body read into the core's
 * request, the answer kept by the answer cache by body text, answered by the front door before
 * Fastify is entered, and by the route for what the front door passed on.
 */
import type { FastifyReply, FastifyRequest } from 'fastify'
import type { ParameterError } from '../../api/problem.ts'
import { serializeAnswer } from '../../api/serialize-answer.ts'
import type { Dataset } from '../../core/dataset/build-dataset.ts'
import { apiBody, type CachedBody } from '../cached-body.ts'
import { answerKeyOf, type JsonBodyRoute, markProvenValid, readJsonBody } from '../json-body.ts'
import { sendBody } from '../send-body.ts'
import { sendBadRequest } from '../send-problem.ts'
import type { ServedDataset } from '../served-dataset.ts'
import type { FrontDoorBodyRoute, RouteContext } from './route-context.ts'
import { withServedDataset } from './with-served-dataset.ts'

export interface BodyAnswer<Request> extends JsonBodyRoute {
  /** The route's path, and the answer cache's key for its bodies. */
  readonly path: string
  /** The body, parsed already, as the core's request, or every fault of it. */
  read(
    body: unknown,
    keyOrder: WeakMap<object, string[]> | null,
  ): { readonly request: Request } | { readonly errors: readonly ParameterError[] }
  /**
   * What the request asks that the dataset cannot answer (a plan's target that names nothing
   * known): a 400 with these faults, never an answer. Absent: every valid request is answered.
   */
  refuse?(dataset: Dataset, request: Request): readonly ParameterError[]
  /** The answer, as the response schema describes it. */
  answer(dataset: Dataset, request: Request): Parameters<typeof serializeAnswer>[0]
}

/** The front door's part: bodies answered before, or valid as read; any other goes to Fastify. */
export function bodyAtFrontDoor<Request>(route: BodyAnswer<Request>): FrontDoorBodyRoute {
  return {
    route: route.path,
    answer: (served, text) => {
      let read: ReturnType<typeof readJsonBody>
      try {
        read = readJsonBody(served, route, text)
      } catch {
        return undefined
      }
      if (read.body.answered !== null) return read.body.answered
      const request = route.read(read.value, read.body.keyOrder)
      if ('errors' in request) return undefined
      // Refused: the route's own 400, from Fastify.
      if ((route.refuse?.(served.dataset, request.request).length ?? 0) > 0) return undefined
      return keptAnswer(route, served, text, request.request, read.value)
    },
  }
}

/** A body's answer as a value, or the faults for which the route refuses it (its 400). */
export type BodyValue<Answer> =
  | { readonly answer: Answer }
  | { readonly errors: readonly ParameterError[] }

/**
 * The answer to a body text as the route reads and answers it, as a value: for a page that
 * draws it (and keeps the page), not for the API's bytes.
 */
export function bodyValue<Request>(
  route: BodyAnswer<Request>,
  served: ServedDataset,
  text: string,
): BodyValue<ReturnType<BodyAnswer<Request>['answer']>> {
  let read: ReturnType<typeof readJsonBody>
  try {
    read = readJsonBody(null, route, text)
  } catch (error) {
    return { errors: [{ name: 'body', in: 'body', reason: (error as Error).message }] }
  }
  const request = route.read(read.value, read.body.keyOrder)
  if ('errors' in request) return request
  const refused = route.refuse?.(served.dataset, request.request) ?? []
  if (refused.length > 0) return { errors: refused }
  return { answer: route.answer(served.dataset, request.request) }
}

/** The route's handler, behind the JSON body parser (`registerJsonBody`) and the schema. */
export function bodyHandler<Request>(
  route: BodyAnswer<Request>,
  { holder, cacheControl }: RouteContext,
): (request: FastifyRequest, reply: FastifyReply) => unknown {
  return withServedDataset(holder, (request, reply, served) => {
    const received = request.jsonBody
    if (received?.answered != null) return sendBody(request, reply, received.answered, cacheControl)
    const read = route.read(request.body, received?.keyOrder ?? null)
    if ('errors' in read) return sendBadRequest(reply, read.errors)
    const refused = route.refuse?.(served.dataset, read.request) ?? []
    if (refused.length > 0) return sendBadRequest(reply, refused)
    const text = received?.text ?? null
    const body = keptAnswer(route, served, text, read.request, request.body)
    return sendBody(request, reply, body, cacheControl)
  })
}

/**
 * An answer, kept when its text comes again with the value the body was read into (valid:
 * the next identical body skips the schema); `text` is null when it is not known.
 */
function keptAnswer<Request>(
  route: BodyAnswer<Request>,
  served: ServedDataset,
  text: string | null,
  request: Request,
  value: unknown,
): CachedBody {
  const body = apiBody(serializeAnswer(route.answer(served.dataset, request)), null, false)
  if (text !== null && served.answers.keepForBody(answerKeyOf(route), text, body, value)) {
    if (typeof value === 'object' && value !== null) markProvenValid(value)
  }
  return body
}
