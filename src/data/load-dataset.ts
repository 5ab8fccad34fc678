/** Reads, validates and compiles a data directory; a dataset with any fault is never returned. */
import { buildDataset, type Dataset } from '../core/dataset/build-dataset.ts'
import type { Fault } from '../core/dataset/fault.ts'
import type { ProjectDocument } from '../core/dataset/schema.ts'
import { validateDocument } from '../core/dataset/validate-document.ts'
import { isRecord, stringsAt } from '../core/dataset/walk-document.ts'
import { type DataFile, type LocatedFault, locator, readDataDir } from './read-data-dir.ts'

export interface LoadedDataset {
  readonly dataset: Dataset
  readonly contentHash: string
  readonly loadedAt: Date
  /** The data files read, in name order (their texts are not kept). */
  readonly files: readonly string[]
}

export type LoadResult =
  | { readonly ok: true; readonly loaded: LoadedDataset }
  | { readonly ok: false; readonly faults: readonly LocatedFault[] }

export async function loadDataset(dir: string): Promise<LoadResult> {
  let read: Awaited<ReturnType<typeof readDataDir>>
  try {
    read = await readDataDir(dir)
  } catch (error) {
    const message = `cannot read the data directory: ${(error as Error).message}`
    return { ok: false, faults: [{ file: dir, line: 1, column: 1, path: [], message }] }
  }
  const faults = [...read.faults, ...validateFiles(read.files)]
  if (faults.length > 0) return { ok: false, faults }
  const documents = read.files.map((file) => file.document as ProjectDocument)
  return {
    ok: true,
    loaded: {
      dataset: buildDataset(documents),
      contentHash: read.contentHash,
      loadedAt: new Date(),
      files: read.files.map((file) => file.file),
    },
  }
}

function validateFiles(files: readonly DataFile[]): LocatedFault[] {
  const faults: LocatedFault[] = []
  const crossFaults = crossDocumentFaults(files)
  const firstFileOfId = new Map<string, string>()
  for (const dataFile of files) {
    const documentFaults = [
      ...validateDocument(dataFile.document, dataFile.fileId),
      ...(crossFaults.get(dataFile) ?? []),
    ]
    if (documentFaults.length > 0) {
      const locate = locator(dataFile)
      for (const fault of documentFaults) {
        faults.push({ file: dataFile.file, ...locate(fault.path), ...fault })
      }
    }
    const earlier = firstFileOfId.get(dataFile.fileId)
    if (earlier !== undefined) {
      faults.push({
        file: dataFile.file,
        line: 1,
        column: 1,
        path: [],
        message: `project '${dataFile.fileId}' is also defined by ${earlier}`,
      })
    }
    firstFileOfId.set(dataFile.fileId, dataFile.file)
  }
  return faults
}

/**
 * Faults only the whole dataset shows: an alias that is another project's id, or another
 * project's alias too (docs/api.md, "Aliases"). Ids are file names, so they are known upfront.
 */
function crossDocumentFaults(files: readonly DataFile[]): Map<DataFile, Fault[]> {
  const ids = new Set(files.map((file) => file.fileId))
  const aliasOwners = new Map<string, string>()
  const faults = new Map<DataFile, Fault[]>()
  for (const dataFile of files) {
    const document = dataFile.document
    if (!isRecord(document)) continue
    for (const [index, alias] of stringsAt(document.aliases)) {
      const owner = aliasOwners.get(alias)
      const message =
        alias !== dataFile.fileId && ids.has(alias)
          ? `alias '${alias}' is the id of another project`
          : owner !== undefined && owner !== dataFile.fileId
            ? `alias '${alias}' is also an alias of project '${owner}'`
            : null
      if (message === null) {
        aliasOwners.set(alias, dataFile.fileId)
        continue
      }
      const list = faults.get(dataFile) ?? []
      list.push({ path: ['aliases', index], message })
      faults.set(dataFile, list)
    }
  }
  return faults
}
