/**
 * Reads and validates a data directory into a dataset; a dataset with any fault is never
 * returned.
 *
 * Files are read in name order (the content hash covers names and bytes) and checked one by
 * one — by worker threads when the dataset is large. Faults only the whole dataset shows (a
 * repeated id, an alias that is another project's) are checked at the end, from each file's
 * summary. The dataset compiles each project when it is first looked at: a server is ready
 * without having read every document on its one thread, and compiles the rest between
 * requests (docs/operations.md, "Start-up").
 */
import { createHash } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises'
import { basename, extname, join } from 'node:path'
import { buildLazily, type Dataset, type DeferredDocument } from '../core/dataset/build-dataset.ts'
import type { Fault } from '../core/dataset/fault.ts'
import { type ProjectPurlKeys, projectPurlKeys } from '../core/dataset/project-purls.ts'
import { keySpelling } from '../core/dataset/rules/key-spelling.ts'
import type { ProjectDocument } from '../core/dataset/schema.ts'
import { FROM_SOURCES } from '../package-files.ts'
import { BUNDLED_DATA_DIR, BUNDLED_SNAPSHOT_DIR } from './bundled-data-dir.ts'
import type { FileChecker } from './check-files.ts'
import type { CheckedFile } from './checked-file.ts'
import { dataDirsOf } from './data-dirs.ts'
import { displayPath } from './display-path.ts'
import { sortFaults } from './format-fault.ts'
import type { LocatedFault } from './located-fault.ts'
import type { ParsedFileCache } from './parsed-file-cache.ts'

export type { LocatedFault } from './located-fault.ts'

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

export interface LoadOptions {
  /**
   * The server keeps answering while this load runs (a reload): leave it a core, and never
   * hold its thread for long.
   */
  readonly background?: boolean
  /** Worker threads: from WORKER_THRESHOLD_FILES files on (auto), or always, or never. */
  readonly workers?: 'auto' | 'always' | 'never'
  /**
   * Documents parsed by an earlier load: a file found there is not parsed again, and each file
   * parsed now is recorded in it. The caller saves it when it suits (parsed-file-cache.ts).
   */
  readonly cache?: ParsedFileCache
  /**
   * Nothing else waits on this thread (a server's start-up): files are read synchronously,
   * which took a fifth of the CPU of a promise per file (0.07 s against 0.35 s for 2,000 files
   * of 23 KiB). Otherwise they are read asynchronously, so that slow storage never holds the
   * thread.
   */
  readonly readSynchronously?: boolean
  /**
   * Called once the first files are handed to be checked (to worker threads, for a large
   * dataset): work that can go on beside the checks can start then.
   */
  readonly onChecking?: () => void
}

const DATA_EXTENSIONS = new Set(['.yaml', '.yml', '.json'])
// Files read ahead of their checks: bounds memory on large datasets.
const READ_AHEAD = 64
// From this many files on, worker threads check them; below, starting workers costs more.
const WORKER_THRESHOLD_FILES = 256

/**
 * `data` is a directory, or several written like PATH with `bundled` for the bundled data
 * (see data-dirs.ts): their files load as one catalogue, in the order given.
 */
export async function loadDataset(data: string, options: LoadOptions = {}): Promise<LoadResult> {
  const dirs = dataDirsOf(data)
  const files: DataFile[] = []
  for (const [index, dir] of dirs.entries()) {
    try {
      for (const name of await listDataFiles(dir)) {
        // The content hash of one directory covers bare names (the bundled snapshot's hash).
        files.push({ dir, name, hashed: index === 0 ? name : `${index}/${name}` })
      }
    } catch (error) {
      const message = `cannot read the data directory: ${(error as Error).message}`
      return { ok: false, faults: [{ file: dir, line: 1, column: 1, path: [], message }] }
    }
  }
  const names = files.map((file) => file.name)
  // Only the compiled code ships with the snapshot it validated with its own rules.
  const snapshot =
    !FROM_SOURCES && dirs.length === 1 && dirs[0] === BUNDLED_DATA_DIR
      ? await fromSnapshot(BUNDLED_DATA_DIR, names)
      : null
  if (snapshot !== null) return snapshot
  // The parsers load only when files are parsed: a snapshot answer never needs them.
  const { cachingChecker, lazyChecker } = await import('./check-files.ts')
  const checker = lazyChecker({
    workers: options.workers ?? 'auto',
    files: names.length,
    threshold: WORKER_THRESHOLD_FILES,
    background: options.background === true,
  })
  try {
    const checking = options.cache ? cachingChecker(checker, options.cache) : checker
    return await loadFiles(files, checking, {
      readSynchronously: options.readSynchronously === true,
      onChecking: options.onChecking ?? (() => {}),
    })
  } finally {
    await checker.close()
  }
}

/**
 * The bundled data as `npm run build` validated it (dist/data/bundled/): used when the files
 * still hash to what was validated, so the CLI answers without parsing YAML. The index names
 * every project; a project's document is read only when it is first asked about.
 *
 * Synchronous reads on purpose: a hundred small files read one after the other finish sooner
 * than a hundred promises, and nothing else is waiting on this process yet.
 */
async function fromSnapshot(dir: string, names: readonly string[]): Promise<LoadResult | null> {
  let index: SnapshotIndex
  try {
    index = JSON.parse(readFileSync(join(BUNDLED_SNAPSHOT_DIR, SNAPSHOT_INDEX), 'utf8'))
  } catch {
    return null
  }
  const hash = createHash('sha256')
  for (const name of names) {
    hash
      .update(name)
      .update('\0')
      .update(readFileSync(join(dir, name)))
      .update('\0')
  }
  const contentHash = hash.digest('hex')
  if (contentHash !== index.contentHash) return null
  return {
    ok: true,
    loaded: {
      dataset: buildLazily(
        index.projects.map((project) => ({
          ...project,
          load: () =>
            JSON.parse(
              readFileSync(join(BUNDLED_SNAPSHOT_DIR, snapshotFileName(project.id)), 'utf8'),
            ) as ProjectDocument,
        })),
      ),
      contentHash,
      loadedAt: new Date(),
      files: names.map((name) => join(dir, name)),
    },
  }
}

/** The snapshot's index.json: the content hash it was made from and what each project is. */
interface SnapshotIndex {
  readonly contentHash: string
  readonly projects: readonly {
    readonly id: string
    readonly aliases: readonly string[]
    readonly entryCount: number
    readonly purls: ProjectPurlKeys
  }[]
}

const SNAPSHOT_INDEX = 'index.json'

function snapshotFileName(id: string): string {
  return `${id}.json`
}

/**
 * Validates `dir` and writes the snapshot of its dataset into `outDir` (for `npm run build`):
 * index.json and one JSON file per project. Returns the number of projects, or the faults.
 */
export async function writeDatasetSnapshot(
  dir: string,
  outDir: string,
): Promise<number | LocatedFault[]> {
  const files = (await listDataFiles(dir)).map((name) => ({ dir, name, hashed: name }))
  const { inlineChecker } = await import('./check-files.ts')
  const result = await loadFiles(files, inlineChecker(), {
    readSynchronously: true,
    onChecking: () => {},
  })
  if (!result.ok) return [...result.faults]
  const projects = [...result.loaded.dataset.projects.values()]
  await rm(outDir, { recursive: true, force: true })
  await mkdir(outDir, { recursive: true })
  const index: SnapshotIndex = {
    contentHash: result.loaded.contentHash,
    projects: projects.map(({ document, versions }) => ({
      id: document.id,
      aliases: document.aliases ?? [],
      entryCount: versions.reduce((sum, version) => sum + version.dependencies.size, 0),
      purls: projectPurlKeys(document),
    })),
  }
  await Promise.all([
    writeFile(join(outDir, SNAPSHOT_INDEX), JSON.stringify(index)),
    ...projects.map(({ document }) =>
      writeFile(join(outDir, snapshotFileName(document.id)), JSON.stringify(document)),
    ),
  ])
  return projects.length
}

async function listDataFiles(dir: string): Promise<string[]> {
  return (await readdir(dir, { withFileTypes: true }))
    .filter((entry) => entry.isFile() && DATA_EXTENSIONS.has(extname(entry.name)))
    .map((entry) => entry.name)
    .sort()
}

/** A data file: its directory, its name, and the name the content hash covers. */
interface DataFile {
  readonly dir: string
  readonly name: string
  readonly hashed: string
}

/** The texts of `paths` (see `LoadOptions.readSynchronously`). */
async function readTexts(paths: readonly string[], synchronously: boolean): Promise<string[]> {
  if (synchronously) return paths.map((path) => readFileSync(path, 'utf8'))
  return Promise.all(paths.map((path) => readFile(path, 'utf8')))
}

async function loadFiles(
  files: readonly DataFile[],
  checker: FileChecker,
  options: { readonly readSynchronously: boolean; readonly onChecking: () => void },
): Promise<LoadResult> {
  const hash = createHash('sha256')
  const checks: CheckedFile[] = []
  const pending: Promise<void>[] = []
  const faults: LocatedFault[] = []
  for (let start = 0; start < files.length; start += READ_AHEAD) {
    const window = files.slice(start, start + READ_AHEAD)
    const texts = await readTexts(
      window.map(({ dir, name }) => join(dir, name)),
      options.readSynchronously,
    )
    window.forEach(({ dir, name, hashed }, offset) => {
      const text = texts[offset] as string
      hash.update(hashed).update('\0').update(text).update('\0')
      const file = join(dir, name)
      const fileId = basename(name, extname(name))
      pending.push(
        checker.check({ file, fileId, text }).then((check) => {
          checks[start + offset] = check
          faults.push(...check.faults)
        }),
      )
    })
    if (start === 0) options.onChecking()
    // Keep at most one window of checks queued behind the ones being read.
    if (pending.length >= READ_AHEAD * 2) await Promise.all(pending.splice(0, READ_AHEAD))
  }
  await Promise.all(pending)
  faults.push(...(await datasetFaults(checks)))
  // Checks finish in any order; faults are listed the way a maintainer fixes them.
  if (faults.length > 0) return { ok: false, faults: sortFaults(faults) }
  const dataset = buildLazily(checks.map(deferredDocument))
  for (const check of checks) if (check.parsed) dataset.projects.get(check.fileId)
  return {
    ok: true,
    loaded: {
      dataset,
      contentHash: hash.digest('hex'),
      loadedAt: new Date(),
      files: checks.map((check) => check.file),
    },
  }
}

/** A valid file's project, compiled from its JSON text when first looked at. */
function deferredDocument(check: CheckedFile): DeferredDocument {
  const { id, aliases, entryCount, purls, impliedPurls } = check.summary
  // Only the reader is kept, not the check: a check from the parse cache holds a slice of the
  // whole cache file's text.
  const read = check.document
  return {
    id: id as string,
    aliases: aliases.map(([, alias]) => alias),
    entryCount,
    purls: { written: purls.map(([, key]) => key), implied: impliedPurls },
    load: () => read() as ProjectDocument,
  }
}

/**
 * Faults only the whole dataset shows: an id defined by two files, an alias that is another
 * project's id or alias (docs/api.md, "Aliases"), two spellings of one software (docs/api.md,
 * "Links"). Located by reading the file again: they
 * are rare, and the texts are not kept.
 */
async function datasetFaults(checks: readonly CheckedFile[]): Promise<LocatedFault[]> {
  const byFile = new Map<CheckedFile, Fault[]>()
  const add = (check: CheckedFile, fault: Fault) =>
    byFile.set(check, [...(byFile.get(check) ?? []), fault])
  const idFiles = new Map(checks.map((check) => [check.fileId, check.file]))
  const firstFileOfId = new Map<string, string>()
  const aliasOwners = new Map<string, CheckedFile>()
  const faults: LocatedFault[] = []
  // Both files named: with several data directories, the other may be anywhere.
  const shown = (file: string) => displayPath(file, process.cwd())
  for (const check of checks) {
    const earlier = firstFileOfId.get(check.fileId)
    if (earlier !== undefined) {
      const message = `project '${check.fileId}' is also defined by ${shown(earlier)}`
      faults.push({ file: check.file, line: 1, column: 1, path: [], message })
    }
    firstFileOfId.set(check.fileId, check.file)
    for (const [index, alias] of check.summary.aliases) {
      const owner = aliasOwners.get(alias)
      const idFile = idFiles.get(alias)
      const message =
        alias !== check.fileId && idFile !== undefined
          ? `alias '${alias}' is the id of another project (${shown(idFile)})`
          : owner !== undefined && owner.fileId !== check.fileId
            ? `alias '${alias}' is also an alias of project '${owner.fileId}' (${shown(owner.file)})`
            : null
      if (message === null) aliasOwners.set(alias, check)
      else add(check, { path: ['aliases', index], message })
    }
  }
  // A purl a project writes is that project's alone: a component it names must find one project.
  const purlOwners = new Map<string, CheckedFile>()
  for (const check of checks) {
    for (const [index, key] of check.summary.purls ?? []) {
      const owner = purlOwners.get(key)
      if (owner === undefined || owner === check) purlOwners.set(key, check)
      else {
        add(check, {
          path: ['identifiers', index, 'purl'],
          message: `this purl is also written by project '${owner.fileId}' (${shown(owner.file)})`,
        })
      }
    }
  }
  const byFileId = new Map(checks.map((check) => [check.fileId, check]))
  for (const { fileId, ...fault } of keySpelling(checks)) {
    const check = byFileId.get(fileId)
    if (check !== undefined) add(check, fault)
  }
  for (const [check, pathFaults] of byFile) {
    const { locator } = await import('./locate-path.ts')
    const locate = locator(await readFile(check.file, 'utf8'))
    for (const fault of pathFaults)
      faults.push({ file: check.file, ...locate(fault.path), ...fault })
  }
  return faults
}
