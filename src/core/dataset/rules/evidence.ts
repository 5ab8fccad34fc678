import type { Fault } from '../fault.ts'
import { dependencyEntries } from '../walk-document.ts'
import type { DocumentRule } from './rule.ts'

export const evidence: DocumentRule = {
  name: 'evidence',
  description:
    'Seed 2.6: high confidence needs a verification date and at least one source; medium needs a source.',
  check(document) {
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
  },
}
