import { parseRange } from '../../version/parse-range.ts'
import type { Fault } from '../fault.ts'
import { dependencyEntries, stringsAt } from '../walk-document.ts'
import type { DocumentRule } from './rule.ts'

// Datasets repeat a small set of ranges on many entries: each text is judged once.
const judged = new Map<string, string | null>()

function rangeError(text: string): string | null {
  let error = judged.get(text)
  if (error === undefined) {
    const parsed = parseRange(text)
    error = 'error' in parsed ? parsed.error : null
    if (judged.size >= 10_000) judged.clear()
    judged.set(text, error)
  }
  return error
}

/** Every range is a series or a satisfiable comparator set (docs/api.md, "Ranges"); none repeats. */
export const rangesParse: DocumentRule = (document) => {
  const faults: Fault[] = []
  for (const { entry, path } of dependencyEntries(document)) {
    const seen = new Set<string>()
    for (const [index, text] of stringsAt(entry.ranges)) {
      const error = rangeError(text)
      if (error !== null) faults.push({ path: [...path, 'ranges', index], message: error })
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
