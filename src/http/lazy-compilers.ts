/**
 * Schema compilers that compile a route's validator or serializer on its first use instead of
 * at start-up: compiling every route's response serializer took about 250 ms of every start,
 * while most routes of a given process never answer. The compiled function is the same one
 * Fastify would have built; only when it is built changes.
 */
import { SerializerSelector } from '@fastify/fast-json-stringify-compiler'
import type { Ajv } from 'ajv'
import type { FastifySchemaCompiler, FastifyServerOptions } from 'fastify'
import { lazyValidator } from '../api/lazy-validator.ts'

type SerializerFactory = NonNullable<
  NonNullable<
    NonNullable<FastifyServerOptions['schemaController']>['compilersFactory']
  >['buildSerializer']
>

const buildSerializer = SerializerSelector()

/** Fastify's own serializer factory, each serializer compiled when first called. */
export const lazySerializerFactory: SerializerFactory = (externalSchemas, options) => {
  const compile = buildSerializer(externalSchemas, options)
  return (route) => {
    let serialize: ((data: unknown) => string) | undefined
    return (data: unknown) => {
      serialize ??= compile(route) as (data: unknown) => string
      return serialize(data)
    }
  }
}

/** An Ajv validator compiled when first called, its `errors` passed on as Fastify reads them. */
export function lazyValidatorCompiler(ajv: Ajv): FastifySchemaCompiler<unknown> {
  return ({ schema }) => lazyValidator(ajv, schema as object)
}
