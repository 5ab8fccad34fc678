import type { Fault } from '../fault.ts'
import { dependencyEntries } from '../walk-document.ts'
import type { DocumentRule } from './rule.ts'

/** High confidence needs a verification date and at least one source; medium needs a source. */
export const evidence: DocumentRule = (document) => {
  const faults: Fault[] = []
  for (const { entry, path } of dependencyEntries(document)) {
    const hasSources = Array.isArray(entry.sources) && entry.sources.length > 0
    if (entry.confidence === 'high' && entry.lastVerified === null) {
      faults.push({
        path: [...path, 'lastVerified'],
        message: 'high confidence needs a lastVerified date',
      })
    }
    if ((entry.confidence === 'high' || entry.confidence === 'medium') && !hasSources) {
      faults.push({
        path: [...path, 'sources'],
        message: `${entry.confidence} confidence needs at least one source`,
      })
    }
  }
  return faults
}
