/**
 * "Can it take …?" for a file posted by the stack page's form (docs/web.md, "The stack page"):
 * the target field read, the file's packages (read by the file reader's worker, with the rest
 * of the file), and readiness answered as the API answers it (registries only when the
 * operator allows them).
 */

import { excerpt } from '../../core/text/excerpt.ts'
import type { ReadPackagesOfFile } from '../../data/readiness-inputs/packages-of-file.ts'
import { answerReadiness } from '../../registry/answer-readiness.ts'
import { type ReadinessOutcome, readTarget } from '../../site/readiness-markup.ts'
import type { ServedDataset } from '../served-dataset.ts'
import { registryClient } from './readiness-routes.ts'
import type { RouteContext } from './route-context.ts'

/** What the page shows for the target; null when none was asked. */
export async function readinessOfForm(
  file: ReadPackagesOfFile,
  target: string,
  served: ServedDataset,
  { today, registry }: RouteContext,
): Promise<ReadinessOutcome | null> {
  if (target.trim() === '') return null
  const asked = readTarget(target)
  if (asked === null) {
    return {
      refused: `“${excerpt(target)}” names no target: give NAME@VERSION, such as nodejs@24 or react@19.0.0.`,
    }
  }
  if (!file.ok) return { refused: 'The file could not be read (see above).' }
  const outcome = await answerReadiness({
    packages: file.file.packages,
    ...asked,
    date: today(),
    dataset: served.dataset,
    client: registryClient(registry),
  })
  if ('answer' in outcome) return outcome
  const { reason, nearest } = outcome.error
  return { refused: `${reason}${nearest.length === 0 ? '' : ` (nearest: ${nearest.join(', ')})`}.` }
}
