/**
 * One project of `compat refresh` (data/README.md, "Refresh"): its registry's packaging
 * metadata read where its `upstream` says, imported as `compat import` would with the
 * citation form its imported entries already use, merged without touching an entry whose facts
 * did not change, validated, and written only when the text changed. Then what its document
 * still lacks: the release lines upstream that no key covers.
 */
import { readFile, writeFile } from 'node:fs/promises'
import { buildDataset, type CompiledProject } from '../core/dataset/build-dataset.ts'
import type { ProjectDocument, Upstream } from '../core/dataset/schema.ts'
import { compareReleases, type ReleaseLine } from '../core/releases/compare-releases.ts'
import { compareVersions } from '../core/version/compare-versions.ts'
import { inSeries } from '../core/version/match-range.ts'
import { parseVersion, type Version } from '../core/version/parse-version.ts'
import { checkDataFile } from '../data/check-data-file.ts'
import { formatFault } from '../data/format-fault.ts'
import { citationForm } from '../data/import/citation-form.ts'
import { mergeImportedVersions } from '../data/import/merge-imported-versions.ts'
import {
  type Importer,
  type PublishedRelease,
  releaseLineKeys,
} from '../data/import/release-line-keys.ts'
import type { CliContext } from './cli-context.ts'
import { CliError } from './cli-error.ts'
import { readUpstreamMetadata } from './read-published-metadata.ts'

export interface RefreshSettings {
  readonly today: string
  readonly timeoutMs: number
  /** Read and report, write nothing. */
  readonly dryRun: boolean
}

/** A release line no key covers, with when its first release was published (when known). */
export interface LineWithoutKey extends ReleaseLine {
  readonly firstReleased: string | null
  /** Whether any release of the line declares something the importer reads. */
  readonly declares: boolean
}

export type RefreshOutcome =
  | {
      readonly kind: 'read'
      readonly project: string
      readonly importer: Importer
      readonly file: string
      /** `added KEY DEPENDENCY RANGES`, `changed …`, `removed …`, `left alone …`. */
      readonly changes: readonly string[]
      readonly counts: {
        readonly added: number
        readonly changed: number
        readonly removed: number
      }
      readonly written: boolean
      /** What the importer could not convert or cite in releases newer than any cited before. */
      readonly leftOut: readonly string[]
      readonly newerLines: readonly LineWithoutKey[]
      readonly missingLines: readonly LineWithoutKey[]
    }
  | { readonly kind: 'not refreshed'; readonly project: string; readonly reason: string }
  | { readonly kind: 'failed'; readonly project: string; readonly error: string }

/** The importer of a registry upstream; GitHub tags have none. */
export function importerOf(upstream: Upstream | undefined): Importer | null {
  if (upstream === undefined || 'github' in upstream) return null
  if ('npm' in upstream) return 'npm'
  if ('pypi' in upstream) return 'pypi'
  return 'helm-index'
}

export async function refreshProject(
  project: CompiledProject,
  file: string,
  settings: RefreshSettings,
  context: CliContext,
): Promise<RefreshOutcome> {
  const { document } = project
  const { id, upstream } = document
  const importer = importerOf(upstream)
  if (upstream === undefined || importer === null) {
    return {
      kind: 'not refreshed',
      project: id,
      reason:
        upstream === undefined
          ? 'no upstream recorded'
          : 'its releases are GitHub tags, which carry no packaging metadata (compat outdated lists them)',
    }
  }
  if (!/\.ya?ml$/.test(file)) {
    return {
      kind: 'not refreshed',
      project: id,
      reason: 'a JSON file; the importers merge into YAML files only',
    }
  }
  const form = citationForm(document, importer)
  if (form.importedEntries === 0) {
    return {
      kind: 'not refreshed',
      project: id,
      reason: `no entry was imported from ${importer} yet: import it once with compat import ${importer}, so that its citations show how releases are tagged`,
    }
  }
  try {
    const read = await readUpstreamMetadata(
      upstream,
      { ...settings, tags: form.tags, sourceUrl: form.sourceUrl },
      context,
    )
    const { releases } = read.metadata
    const keys = releaseLineKeys(releases, {
      importer,
      today: settings.today,
      subject: importer === 'helm-index' ? `Chart ${read.published}` : read.published,
    })
    const text = await readFile(file, 'utf8')
    const merged = mergeImportedVersions(text, keys.versions, importer, {
      keepUnchanged: true,
      within: (key) => fromLineOf(key, form.newestCited),
    })
    if ('error' in merged) throw new CliError(`${file}: ${merged.error}`)
    const check = checkDataFile(file, id, merged.text)
    if (check.faults.length > 0) {
      const faults = check.faults.map((fault) => formatFault(fault, context.cwd))
      throw new CliError(
        `the result would not validate; nothing written:\n  ${faults.join('\n  ')}`,
      )
    }
    const written = merged.text !== text && !settings.dryRun
    if (written) await writeFile(file, merged.text)
    const after = buildDataset([check.document as ProjectDocument]).projects.get(id)
    const comparison = compareReleases(
      after ?? project,
      releases.map((release) => release.version),
    )
    const { report } = merged
    return {
      kind: 'read',
      project: id,
      importer,
      file,
      changes: [
        ...report.added.map((line) => `added ${line}`),
        ...report.changed.map((line) => `changed ${line}`),
        ...report.removed.map((line) => `removed ${line} (no longer declared)`),
      ],
      counts: {
        added: report.added.length,
        changed: report.changed.length,
        removed: report.removed.length,
      },
      written,
      leftOut: [...read.metadata.leftOut, ...keys.leftOut].filter((line) => {
        const version = parseVersion(/^\S+ (\S+?):/.exec(line)?.[1] ?? '')
        const cited = form.newestCited
        return version !== null && (cited === null || compareVersions(version, cited) > 0)
      }),
      newerLines: comparison.newerLines.map((line) => withRelease(line, releases)),
      missingLines: comparison.missingLines.map((line) => withRelease(line, releases)),
    }
  } catch (error) {
    if (!(error instanceof CliError)) throw error
    return { kind: 'failed', project: id, error: error.message }
  }
}

/**
 * Whether a key lies in the release line of `newestCited` or a newer one: the lines a refresh
 * reads. Older lines keep what the first import wrote (it left out what it could not cite).
 */
function fromLineOf(key: string, newestCited: Version | null): boolean {
  const version = parseVersion(key)
  if (newestCited === null || version === null) return newestCited === null
  const line = (of: Version) => parseVersion(of.release.slice(0, 2).join('.'))
  const [keyLine, citedLine] = [line(version), line(newestCited)]
  return keyLine !== null && citedLine !== null && compareVersions(keyLine, citedLine) >= 0
}

/** A line, with the day its first release was published and whether any release declares. */
function withRelease(line: ReleaseLine, releases: readonly PublishedRelease[]): LineWithoutKey {
  const series = parseVersion(line.line)
  const inLine = releases.filter((release) => {
    const version = parseVersion(release.version)
    return series !== null && version !== null && inSeries(series, version)
  })
  const days = inLine
    .map((release) => release.released)
    .filter((day): day is string => day !== undefined)
    .sort()
  return {
    ...line,
    firstReleased: days[0] ?? null,
    declares: inLine.some((release) => release.facts.length > 0),
  }
}
