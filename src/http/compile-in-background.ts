/**
 * Compiles every project of a newly served dataset between requests. A large dataset is
 * served before its projects are compiled (docs/operations.md, "Start-up"); compiling them
 * here, a few milliseconds at a time, spares the requests that read every project (the
 * project list, the dependency index) that wait, and leaves the documents' texts to be freed.
 */
import type { Dataset } from '../core/dataset/build-dataset.ts'

/** Compiling goes on for this long, then lets waiting requests through. */
const SLICE_MS = 2

/** A project that cannot be compiled: a bug, since what validates compiles. */
export interface CompileFailure {
  readonly id: string
  readonly error: Error
}

/**
 * Resolves, once every project is compiled, to those that could not be (their own requests
 * fail too); to null as soon as `stop` is aborted (the dataset is no longer served, or the
 * server stops).
 */
export async function compileInBackground(
  dataset: Dataset,
  stop: AbortSignal,
): Promise<readonly CompileFailure[] | null> {
  const ids = dataset.projects.keys()
  const failures: CompileFailure[] = []
  for (;;) {
    await new Promise(setImmediate)
    if (stop.aborted) return null
    const until = performance.now() + SLICE_MS
    while (performance.now() < until) {
      const next = ids.next()
      if (next.done === true) return failures
      try {
        dataset.projects.get(next.value)
      } catch (error) {
        failures.push({ id: next.value, error: error as Error })
      }
    }
  }
}
