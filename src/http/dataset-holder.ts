/**
 * Holds the dataset being served. A reload builds a new one off to the side and swaps the
 * reference: a request reads `current` once and finishes on that dataset.
 */
import type { LoadedDataset } from '../data/load-dataset.ts'
import { type ServedDataset, serveDataset } from './served-dataset.ts'

export class DatasetHolder {
  #current: ServedDataset | null = null

  get current(): ServedDataset | null {
    return this.#current
  }

  replace(loaded: LoadedDataset): ServedDataset {
    const served = serveDataset(loaded)
    this.#current = served
    return served
  }
}
