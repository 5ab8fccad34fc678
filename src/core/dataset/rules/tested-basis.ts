import type { Fault } from '../fault.ts'
import { dependencyEntries } from '../walk-document.ts'
import type { DocumentRule } from './rule.ts'

/**
 * `basis: tested` says the ranges are the versions the source tested, so it needs ranges and
 * no same-version constraint (which is a rule, not a list of tested versions).
 */
export const testedBasis: DocumentRule = (document) => {
  const faults: Fault[] = []
  for (const { entry, path } of dependencyEntries(document)) {
    if (entry.basis !== 'tested') continue
    if (!Array.isArray(entry.ranges) || entry.ranges.length === 0) {
      faults.push({
        path: [...path, 'basis'],
        message: "basis 'tested' needs the tested versions in ranges",
      })
    }
    if (Array.isArray(entry.constraints) && entry.constraints.length > 0) {
      faults.push({
        path: [...path, 'basis'],
        message: "basis 'tested' cannot go with constraints; a constraint is not a tested version",
      })
    }
  }
  return faults
}
