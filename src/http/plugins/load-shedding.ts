/** Under overload (event-loop lag), requests are shed with 503 and Retry-After, not queued. */
import underPressure from '@fastify/under-pressure'
import type { FastifyPluginAsync } from 'fastify'
import fastifyPlugin from 'fastify-plugin'
import { problem } from '../../api/problem.ts'
import { sendProblem } from '../send-problem.ts'
import { RETRY_AFTER_SECONDS } from '../server-limits.ts'

export interface LoadSheddingOptions {
  readonly maxEventLoopDelayMs: number
}

const loadSheddingPlugin: FastifyPluginAsync<LoadSheddingOptions> = async (app, options) => {
  await app.register(underPressure, {
    maxEventLoopDelay: options.maxEventLoopDelayMs,
    retryAfter: RETRY_AFTER_SECONDS,
    pressureHandler: async (_request, reply) => {
      await sendProblem(
        reply.header('retry-after', String(RETRY_AFTER_SECONDS)),
        problem(503, 'The server is overloaded; retry later.'),
      )
    },
  })
}

export const loadShedding = fastifyPlugin(loadSheddingPlugin, { name: 'load-shedding' })
