/**
 * `compat import helm-index|npm|pypi`: version keys from packaging metadata (data/README.md,
 * "Import from packaging metadata"), read from the registry or repository the package tool is
 * configured for, or from saved files; merged into `--out DIR/<id>.yaml` (entries the importer
 * owns only) or written as a new project. The result is validated before anything is written.
 */
import { existsSync } from 'node:fs'
import { mkdir, readFile, writeFile } from 'node:fs/promises'
import { join, resolve } from 'node:path'
import { ID_PATTERN, type ProjectDocument } from '../core/dataset/schema.ts'
import { normalizePypiName } from '../core/names/normalize-pypi-name.ts'
import { checkDataFile } from '../data/check-data-file.ts'
import { displayPath } from '../data/display-path.ts'
import { formatFault } from '../data/format-fault.ts'
import { describeRanges, mergeImportedVersions } from '../data/import/merge-imported-versions.ts'
import { keywordCategories } from '../data/import/packaging-metadata.ts'
import { type Importer, type LineKeys, releaseLineKeys } from '../data/import/release-line-keys.ts'
import { projectFileText } from '../data/import/write-project-file.ts'
import { countOf } from '../report/format-text.ts'
import type { CliContext } from './cli-context.ts'
import { CliError, usageError } from './cli-error.ts'
import { ExitCode } from './exit-codes.ts'
import type { ImportValues } from './import-arguments.ts'
import type { PackagingFormat } from './packaging-formats.ts'
import { type ImportRequest, readImportRequest } from './read-import-request.ts'
import { type PublishedMetadata, readPublishedMetadata } from './read-published-metadata.ts'

/** The text to write, and what it changes: a line per entry, and the counts. */
interface FileChange {
  readonly text: string
  readonly lines: readonly string[]
  readonly counts: string
}

type ImportedVersions = ProjectDocument['versions']

export async function runPackagingImport(
  format: PackagingFormat,
  inputs: readonly string[],
  values: ImportValues,
  context: CliContext,
): Promise<number> {
  const request = await readImportRequest(format, inputs, values, context)
  const read = await readPublishedMetadata(request, context)
  const id = projectId(request, read.published)
  const importer: Importer = format
  const subject = format === 'helm-index' ? `Chart ${read.published}` : read.published
  const keys = releaseLineKeys(read.metadata.releases, {
    importer,
    today: request.today,
    subject,
  })
  const file = await projectFile(request.out, id, context)
  const change = existsSync(file)
    ? await mergedFile(file, keys.versions, importer, context)
    : newProjectFile(id, read, keys.versions, request)
  await writeValidated(file, id, change.text, context)
  return reportImport(file, change, read, keys, context)
}

/** What changed, what was left out, and the counts; exit 1 when anything was left out. */
function reportImport(
  file: string,
  change: FileChange,
  { metadata }: PublishedMetadata,
  keys: LineKeys,
  context: CliContext,
): number {
  const leftOut = [...metadata.leftOut, ...keys.leftOut]
  const skipped = metadata.preReleases + keys.preReleases
  for (const line of change.lines) context.out(line)
  for (const line of leftOut) context.out(`left out ${line}`)
  context.out(
    `wrote ${displayPath(file, context.cwd)}: ${countOf(keys.releases, 'release')} read${skipped === 0 ? '' : `; ${countOf(skipped, 'pre-release')} skipped`}; ${change.counts}; ${countOf(leftOut.length, 'item')} left out`,
  )
  return leftOut.length > 0 ? ExitCode.partial : ExitCode.ok
}

/** `--project`, else the published name when it is a lowercase slug (PyPI's normalized). */
function projectId(request: ImportRequest, published: string): string {
  const id = request.project ?? defaultId(request.format, published)
  if (id === null || !new RegExp(ID_PATTERN).test(id)) {
    throw usageError(
      'import',
      `${request.project === undefined ? `'${published}' cannot be a project id` : `--project '${id}' is not a lowercase slug`}; pass --project ID`,
    )
  }
  return id
}

function defaultId(format: PackagingFormat, published: string): string | null {
  const id = format === 'pypi' ? normalizePypiName(published) : published.toLowerCase()
  return new RegExp(ID_PATTERN).test(id) ? id : null
}

/** `--out DIR/<id>.yaml`, the directory made if need be; a JSON file of that id is refused. */
async function projectFile(out: string, id: string, context: CliContext): Promise<string> {
  const outDir = resolve(context.cwd, out)
  await mkdir(outDir, { recursive: true }).catch((error: NodeJS.ErrnoException) => {
    throw usageError('import', `--out ${out}: ${error.code ?? error.message}`)
  })
  if (existsSync(join(outDir, `${id}.json`))) {
    throw new CliError(
      `${displayPath(join(outDir, `${id}.json`), context.cwd)} exists; the importers merge into YAML files only; nothing written`,
    )
  }
  return join(outDir, `${id}.yaml`)
}

/** The imported keys merged into an existing file: only the importer's own entries change. */
async function mergedFile(
  file: string,
  versions: ImportedVersions,
  importer: Importer,
  context: CliContext,
): Promise<FileChange> {
  const merged = mergeImportedVersions(await readFile(file, 'utf8'), versions, importer)
  if ('error' in merged) {
    throw new CliError(`${displayPath(file, context.cwd)}: ${merged.error}; nothing written`)
  }
  const { report } = merged
  return {
    text: merged.text,
    lines: [
      ...report.added.map((line) => `added ${line}`),
      ...report.changed.map((line) => `changed ${line}`),
      ...report.removed.map((line) => `removed ${line} (no longer declared)`),
      ...report.leftAlone.map((line) => `left alone ${line}`),
    ],
    counts: `${report.added.length} added, ${report.changed.length} changed, ${report.removed.length} removed, ${report.unchanged} unchanged, ${report.leftAlone.length} left alone for hand-written entries`,
  }
}

/** A new project document: the imported keys, described by the metadata and the flags. */
function newProjectFile(
  id: string,
  read: PublishedMetadata,
  versions: ImportedVersions,
  request: ImportRequest,
): FileChange {
  const document = newDocument(id, read, versions, request)
  const entries = Object.entries(versions).flatMap(([key, version]) =>
    Object.entries(version.dependencies).map(
      ([dependency, entry]) => `${key} ${dependency} ${describeRanges(entry)}`,
    ),
  )
  return {
    text: projectFileText(document),
    lines: entries.map((line) => `added ${line}`),
    counts: `new project, ${countOf(entries.length, 'entry', 'entries')} added`,
  }
}

function newDocument(
  id: string,
  read: PublishedMetadata,
  versions: ImportedVersions,
  { format, newProject: flags }: ImportRequest,
): ProjectDocument {
  const { project } = read.metadata
  const website = flags.website ?? project.website
  if (website === null || !/^https?:\/\/\S+$/.test(website)) {
    throw usageError(
      'import',
      `the ${format} metadata names no website for a new project; pass --website URL`,
    )
  }
  const categories = flags.category ?? keywordCategories(project.keywords)
  if (categories.length === 0) {
    throw usageError(
      'import',
      `the ${format} metadata has no keywords to use as categories for a new project; pass --category NAME (repeatable)`,
    )
  }
  const description = project.description?.replace(/\s+/g, ' ')
  return {
    id,
    name: flags.name ?? project.name,
    // A longer text is a readme, not the one sentence a description is.
    ...(description !== undefined && description.length <= 300 ? { description } : {}),
    categories,
    website,
    ...(read.upstream === null ? {} : { upstream: read.upstream }),
    versions,
  }
}

/** Writes `text` only when it validates as the project file `id`; else prints every fault. */
async function writeValidated(
  file: string,
  id: string,
  text: string,
  context: CliContext,
): Promise<void> {
  const check = checkDataFile(file, id, text)
  if (check.faults.length > 0) {
    for (const fault of check.faults) context.err(formatFault(fault, context.cwd))
    throw new CliError(
      `the result would not validate (above); nothing written to ${displayPath(file, context.cwd)}`,
    )
  }
  await writeFile(file, text)
}
