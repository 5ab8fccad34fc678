/**
 * Check results as JSON, written by the serializer Fastify compiles from the response schemas
 * (fast-json-stringify), each compiled on first use: the field order is the schema's.
 * A hand-assembled serializer of cached fragments was measured against it and removed: it
 * bought less than 15 % on the rows it was for (docs/performance.md, "What each tier buys").
 */
import { SerializerSelector } from '@fastify/fast-json-stringify-compiler'
import {
  type CombinationCheckResult,
  CombinationCheckResultSchema,
  type SingleCheckResult,
  SingleCheckResultSchema,
} from '../core/check/check-result.ts'

/** JSON text with its UTF-8 length (an answer's content-length). */
export interface MeasuredJson {
  readonly json: string
  readonly byteLength: number
}

type Serialize = (data: unknown) => string

const compile = SerializerSelector()(undefined, undefined) as unknown as (route: {
  schema: object
}) => Serialize
let single: Serialize | null = null
let combination: Serialize | null = null

export function serializeSingleCheck(result: SingleCheckResult): string {
  single ??= compile({ schema: SingleCheckResultSchema })
  return single(result)
}

/** The single result's JSON with its UTF-8 length. */
export function measuredSingleCheck(result: SingleCheckResult): MeasuredJson {
  const json = serializeSingleCheck(result)
  return { json, byteLength: Buffer.byteLength(json) }
}

export function serializeCombinationCheck(result: CombinationCheckResult): string {
  combination ??= compile({ schema: CombinationCheckResultSchema })
  return combination(result)
}

/** The same JSON as UTF-8 bytes. */
export function serializeCombinationCheckBytes(result: CombinationCheckResult): Buffer {
  return Buffer.from(serializeCombinationCheck(result))
}
