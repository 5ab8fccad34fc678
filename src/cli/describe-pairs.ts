/** Stack pairs as a table, for `compat stack` and `compat plan`. */
import type { StackPair } from '../api/response-schemas.ts'
import { formatTable } from '../report/format-text.ts'

export function describePairs(pairs: readonly StackPair[]): string[] {
  return formatTable(
    ['COMPONENT', 'DOCUMENTS', 'VERDICT', 'MATCHED', 'CONFIDENCE', 'REASON'],
    pairs.map((pair) => [
      `${pair.project} ${pair.version}`,
      `${pair.dependency} ${pair.dependencyVersion}`,
      pair.compatible,
      pair.matchedRange ?? pair.matchedConstraint ?? '-',
      pair.confidence,
      pair.reason,
    ]),
  )
}
