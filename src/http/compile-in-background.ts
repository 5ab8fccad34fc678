/**
 * Compiles every project of a newly served dataset between requests. A large dataset is
 * served before its projects are compiled (docs/operations.md, "Start-up"); compiling them
 * here, a few milliseconds at a time, spares the requests that read every project (the
 * project list, the dependency index) that wait, and leaves the documents' texts to be freed.
 */
import type { Dataset } from '../core/dataset/build-dataset.ts'

/** Compiling goes on for this long, then lets waiting requests through. */
const SLICE_MS = 2

/**
 * Resolves to true when every project is compiled, or to false as soon as `served()` turns
 * false. A project that cannot be compiled goes to `failed` (its own requests fail too).
 */
export async function compileInBackground(
  dataset: Dataset,
  served: () => boolean,
  failed: (id: string, error: Error) => void = () => {},
): Promise<boolean> {
  const ids = dataset.projects.keys()
  for (;;) {
    await new Promise(setImmediate)
    if (!served()) return false
    const until = performance.now() + SLICE_MS
    while (performance.now() < until) {
      const next = ids.next()
      if (next.done === true) return true
      try {
        dataset.projects.get(next.value)
      } catch (error) {
        failed(next.value, error as Error)
      }
    }
  }
}
