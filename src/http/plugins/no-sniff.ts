/**
 * `x-content-type-options: nosniff` on every answer Fastify sends (docs/api.md, "HTTP
 * behaviour"). The bodies the app keeps carry it among their own headers (so do the front
 * door's answers and 304s); this covers the rest: Fastify's own errors, the metrics, anything
 * a route sends without a kept body.
 */
import type { FastifyPluginAsync } from 'fastify'
import fastifyPlugin from 'fastify-plugin'
import { NO_SNIFF } from '../cors.ts'

const [NAME, VALUE] = Object.entries(NO_SNIFF)[0] as [string, string]

const noSniffPlugin: FastifyPluginAsync = async (app) => {
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (!reply.hasHeader(NAME)) reply.header(NAME, VALUE)
    done(null, payload)
  })
}

export const noSniff = fastifyPlugin(noSniffPlugin, { name: 'no-sniff' })
