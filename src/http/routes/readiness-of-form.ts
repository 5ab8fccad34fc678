/**
 * "Can it take …?" for a file posted by the stack page's form (docs/web.md, "The stack page"):
 * the target field read, the file's packages read in the worker thread, and readiness answered
 * as the API answers it (registries only when the operator allows them).
 */
import { SbomReaderBusyError } from '../../data/stack-files/sbom-reader.ts'
import { answerReadiness } from '../../registry/answer-readiness.ts'
import { type ReadinessOutcome, readTarget } from '../../site/readiness-markup.ts'
import type { ServedDataset } from '../served-dataset.ts'
import { registryClient } from './readiness-routes.ts'
import type { RouteContext } from './route-context.ts'

/** What the page shows for the target; null when none was asked. */
export async function readinessOfForm(
  text: string,
  target: string,
  served: ServedDataset,
  { today, sbomReader, registry }: RouteContext,
): Promise<ReadinessOutcome | null> {
  if (target.trim() === '') return null
  const asked = readTarget(target)
  if (asked === null) {
    return {
      refused: `“${target}” names no target: give NAME@VERSION, such as nodejs@24 or react@19.0.0.`,
    }
  }
  let file: Awaited<ReturnType<typeof sbomReader.readPackages>>
  try {
    file = await sbomReader.readPackages(Buffer.from(text), 'auto')
  } catch (error) {
    if (!(error instanceof SbomReaderBusyError)) throw error
    return { refused: 'The server is reading other files; try again in a moment.' }
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
