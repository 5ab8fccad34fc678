/**
 * The CPU side of `npm run bench -- --tiers`, in one process on the bundled data: what the
 * hand body reader costs per answer against the general way (the strict JSON parser and Ajv),
 * alternating the two several times, each time a new set of questions (no answer from before).
 * Less exposed to a shared machine than the wrk rows: both sides run back to back in one thread.
 */
import { orderedDependencies } from '../src/api/read-combination.ts'
import { readValidCheckBody } from '../src/api/read-valid-check-body.ts'
import { MAX_JSON_DEPTH } from '../src/api/request-limits.ts'
import { validateCheckBody } from '../src/api/request-validator.ts'
import { parseJsonObject } from '../src/core/json/parse-json-object.ts'

/** The new POST of 32's body (run.ts) with `n` in place of its counter. */
type BodyOf = (n: number) => string

export function tierCpuTimings(body32: BodyOf, rounds: number): string[] {
  const PER_ROUND = 2000
  let counter = 0
  // Each side of each pair gets its own new questions, made before its clock starts.
  const texts = () => Array.from({ length: PER_ROUND / 4 }, () => body32(++counter))
  const pairs: Array<
    [string, () => unknown[], (item: never) => unknown, (item: never) => unknown]
  > = [
    [
      'read a new body of 32: readValidCheckBody / strict parser + Ajv',
      texts,
      readValidCheckBody as (item: never) => unknown,
      ((text: string) => {
        const { value, keyOrder } = parseJsonObject(text, MAX_JSON_DEPTH)
        if (!validateCheckBody(value)) throw new Error('bench: invalid body')
        const body = value as { dependencies: Record<string, string> }
        return orderedDependencies(body.dependencies, keyOrder.get(body.dependencies))
      }) as (item: never) => unknown,
    ],
  ]
  const lines = [
    '| CPU per answer, one process | hand µs | general µs | general / hand |',
    '|---|---:|---:|---:|',
  ]
  for (const [name, make, hand, general] of pairs) {
    const best = { hand: Number.POSITIVE_INFINITY, general: Number.POSITIVE_INFINITY }
    for (let round = 0; round < rounds * 2; round++) {
      for (const side of ['hand', 'general'] as const) {
        const items = make()
        const write = side === 'hand' ? hand : general
        const started = process.hrtime.bigint()
        for (const item of items) write(item as never)
        const perItem = Number(process.hrtime.bigint() - started) / 1000 / items.length
        best[side] = Math.min(best[side], perItem)
      }
    }
    lines.push(
      `| ${name} | ${best.hand.toFixed(2)} | ${best.general.toFixed(2)} | **${(best.general / best.hand).toFixed(2)}** |`,
    )
  }
  return lines
}
