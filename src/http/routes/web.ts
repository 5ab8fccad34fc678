import type { FastifyInstance } from 'fastify'
import type { RouteContext } from './route-context.ts'

/** The web page at `/` (issue 7). Registered last by buildApp. */
export async function webRoutes(_app: FastifyInstance, _context: RouteContext): Promise<void> {}
