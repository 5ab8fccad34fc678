/**
 * Holds the dataset being served. A reload builds a new one off to the side and swaps the
 * reference: a request reads `current` once and finishes on that dataset.
 */
import type { LoadedDataset } from '../data/load-dataset.ts'
import { type CompileFailure, compileInBackground } from './compile-in-background.ts'
import { type ServedDataset, serveDataset } from './served-dataset.ts'

export class DatasetHolder {
  #current: ServedDataset | null = null
  /** Aborted when the dataset served now is replaced. */
  #replaced = new AbortController()
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
    // What was compiling for the dataset served until now stops.
    this.#replaced.abort()
    this.#replaced = new AbortController()
    return served
  }

  /**
   * Compiles the projects of the dataset served now that are not compiled yet, between
   * requests (see `compileInBackground`); resolves to null when the dataset is replaced first
   * or `stopping` is aborted. The server calls it once it listens, so that compiling never
   * delays being ready.
   */
  compileBetweenRequests(stopping?: AbortSignal): Promise<readonly CompileFailure[] | null> {
    const served = this.#current
    if (served === null) return Promise.resolve(null)
    const replaced = this.#replaced.signal
    const stop = stopping === undefined ? replaced : AbortSignal.any([replaced, stopping])
    return compileInBackground(served.dataset, stop)
  }
}
