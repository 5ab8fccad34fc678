import type { Fault } from '../fault.ts'
import { evidenceBlocks } from '../walk-document.ts'
import type { DocumentRule } from './rule.ts'

/**
 * High confidence needs a verification date and at least one source; medium needs a source.
 * A lifecycle block may instead give every line sources of its own.
 */
export const evidence: DocumentRule = (document) => {
  const faults: Fault[] = []
  for (const { block, path, partSources } of evidenceBlocks(document)) {
    const hasSources =
      (Array.isArray(block.sources) && block.sources.length > 0) ||
      (partSources !== null &&
        partSources.length > 0 &&
        partSources.every((sources) => Array.isArray(sources) && sources.length > 0))
    if (block.confidence === 'high' && block.lastVerified === null) {
      faults.push({
        path: [...path, 'lastVerified'],
        message: 'high confidence needs a lastVerified date',
      })
    }
    if ((block.confidence === 'high' || block.confidence === 'medium') && !hasSources) {
      faults.push({
        path: [...path, 'sources'],
        message: `${block.confidence} confidence needs at least one source`,
      })
    }
  }
  return faults
}
