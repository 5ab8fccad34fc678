/**
 * No route takes a body unless it brings its own parser (the check route does): every other
 * body is refused with 415 rather than parsed for nothing.
 */
import type { FastifyPluginAsync } from 'fastify'
import fastifyPlugin from 'fastify-plugin'

const bodyParsingPlugin: FastifyPluginAsync = async (app) => {
  app.removeAllContentTypeParsers()
}

export const bodyParsing = fastifyPlugin(bodyParsingPlugin, { name: 'body-parsing' })
