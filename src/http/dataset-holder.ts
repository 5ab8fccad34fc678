/**
 * Holds the dataset being served. A reload builds a new one off to the side and swaps the
 * reference: a request reads `current` once and finishes on that dataset.
 */
import type { LoadedDataset } from '../data/load-dataset.ts'
import { type CompileFailure, compileInBackground } from './compile-in-background.ts'
import { type ServedDataset, serveDataset } from './served-dataset.ts'

export class DatasetHolder {
  #current: ServedDataset | null = null
  #othersReady: () => boolean = () => true

  get current(): ServedDataset | null {
    return this.#current
  }

  /** Serving a dataset, and — with workers — every other worker is too (`/readyz`). */
  get ready(): boolean {
    return this.#current !== null && this.#othersReady()
  }

  /** With workers: whether the others are serving as well. */
  readyWhen(othersReady: () => boolean): void {
    this.#othersReady = othersReady
  }

  replace(loaded: LoadedDataset): ServedDataset {
    const served = serveDataset(loaded)
    this.#current = served
    return served
  }

  /**
   * Compiles the projects of the dataset served now that are not compiled yet, between
   * requests (see `compileInBackground`); resolves to null when the dataset is replaced first
   * or `stopped()` turns true. The server calls it once it listens, so that compiling never
   * delays being ready.
   */
  compileBetweenRequests(
    stopped: () => boolean = () => false,
  ): Promise<readonly CompileFailure[] | null> {
    const served = this.#current
    if (served === null) return Promise.resolve(null)
    return compileInBackground(served.dataset, () => !stopped() && this.#current === served)
  }
}
