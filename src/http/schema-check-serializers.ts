/**
 * Check answers written by the serializer Fastify compiles from the response schemas
 * (fast-json-stringify): the general way the hand-assembled serializer (serialize-check.ts)
 * is measured against (front-door-tiers.ts, `handSerializer` off). Both write the same bytes.
 */
import { SerializerSelector } from '@fastify/fast-json-stringify-compiler'
import { CombinationCheckResultSchema, SingleCheckResultSchema } from '../api/response-schemas.ts'
import type { MeasuredJson } from '../api/serialize-check.ts'
import type { CombinationCheckResult, SingleCheckResult } from '../core/check/check-result.ts'

type Serialize = (data: unknown) => string

const compile = SerializerSelector()(undefined, undefined) as unknown as (route: {
  schema: object
}) => Serialize
let single: Serialize | null = null
let combination: Serialize | null = null

export function schemaMeasuredSingleCheck(result: SingleCheckResult): MeasuredJson {
  single ??= compile({ schema: SingleCheckResultSchema })
  const json = single(result)
  return { json, byteLength: Buffer.byteLength(json) }
}

export function schemaCombinationCheckBytes(result: CombinationCheckResult): Buffer {
  combination ??= compile({ schema: CombinationCheckResultSchema })
  return Buffer.from(combination(result))
}
