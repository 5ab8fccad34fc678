import { parseRange } from '../../version/parse-range.ts'
import type { Fault } from '../fault.ts'
import { dependencyEntries, stringsAt } from '../walk-document.ts'
import type { DocumentRule } from './rule.ts'

/** Every range is a series or a satisfiable comparator set (docs/api.md, "Ranges"); none repeats. */
export const rangesParse: DocumentRule = (document) => {
  const faults: Fault[] = []
  for (const { entry, path } of dependencyEntries(document)) {
    const seen = new Set<string>()
    for (const [index, text] of stringsAt(entry.ranges)) {
      const parsed = parseRange(text)
      if ('error' in parsed)
        faults.push({ path: [...path, 'ranges', index], message: parsed.error })
      if (seen.has(text)) {
        faults.push({
          path: [...path, 'ranges', index],
          message: `range '${text}' is listed twice`,
        })
      }
      seen.add(text)
    }
  }
  return faults
}
