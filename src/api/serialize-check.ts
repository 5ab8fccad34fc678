/**
 * Check results as JSON. The core builds each result field by field in its schema's order,
 * so the engine's JSON.stringify writes exactly what the schema describes (a property test
 * holds it to the serializer compiled from the schema), as for every other answer
 * (serialize-answer.ts). A hand-assembled serializer of cached fragments was measured and
 * removed: it bought less than 15 % on the rows it was for (docs/performance.md, "What each
 * tier buys").
 */
import type { CombinationCheckResult, SingleCheckResult } from '../core/check/check-result.ts'

/** JSON text with its UTF-8 length (an answer's content-length). */
export interface MeasuredJson {
  readonly json: string
  readonly byteLength: number
}

export function serializeSingleCheck(result: SingleCheckResult): string {
  return JSON.stringify(result)
}

/** The single result's JSON with its UTF-8 length. */
export function measuredSingleCheck(result: SingleCheckResult): MeasuredJson {
  const json = JSON.stringify(result)
  return { json, byteLength: Buffer.byteLength(json) }
}

export function serializeCombinationCheck(result: CombinationCheckResult): string {
  return JSON.stringify(result)
}

/** The same JSON as UTF-8 bytes. */
export function serializeCombinationCheckBytes(result: CombinationCheckResult): Buffer {
  return Buffer.from(JSON.stringify(result))
}
