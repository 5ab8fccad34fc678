/** `compat/data`: reading, validating and compiling data directories (Node only). */
export { BUNDLED_DATA_DIR } from './bundled-data-dir.ts'
export { formatFault, sortFaults } from './format-fault.ts'
export {
  type LoadedDataset,
  type LoadOptions,
  type LoadResult,
  loadDataset,
} from './load-dataset.ts'
export type { LocatedFault } from './located-fault.ts'
