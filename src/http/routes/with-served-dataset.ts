/**
 * What every route handler does first, written once: it needs the dataset being served
 * (503 problem+json while there is none), and a route that takes its schema's errors itself
 * (`attachValidation`) answers 400 with every invalid parameter and its location. Then the
 * handler runs with the served dataset.
 */
import type { FastifyReply, FastifyRequest, RouteGenericInterface } from 'fastify'
import type { ParameterError } from '../../api/problem.ts'
import type { DatasetHolder } from '../dataset-holder.ts'
import { sendBadRequest, sendNoDataset } from '../send-problem.ts'
import type { ServedDataset } from '../served-dataset.ts'
import { validationErrors } from '../validation-errors.ts'

export interface ServedDatasetOptions<Route extends RouteGenericInterface> {
  /** The route takes its schema's errors itself: answer them with 400 before the handler. */
  readonly validated?: boolean
  /** Faults the schema cannot see (a parameter that needs another), reported with its own. */
  readonly moreErrors?: (request: FastifyRequest<Route>) => readonly ParameterError[]
}

export function withServedDataset<Route extends RouteGenericInterface>(
  holder: DatasetHolder,
  handler: (
    request: FastifyRequest<Route>,
    reply: FastifyReply<Route>,
    served: ServedDataset,
  ) => unknown,
  options: ServedDatasetOptions<Route> = {},
): (request: FastifyRequest<Route>, reply: FastifyReply<Route>) => unknown {
  const { validated = false, moreErrors } = options
  return (request, reply) => {
    const served = holder.current
    if (served === null) return sendNoDataset(reply)
    if (validated || moreErrors !== undefined) {
      const errors = [
        ...(validated ? validationErrors(request) : []),
        ...(moreErrors?.(request) ?? []),
      ]
      if (errors.length > 0) return sendBadRequest(reply, errors)
    }
    return handler(request, reply, served)
  }
}
