/**
 * How a project's imported entries cite their releases, learnt from the entries themselves, so
 * that a refresh cites a new release as the first import cited its neighbours (data/README.md,
 * "Refresh"): the tag form of each run of releases (`v{version}`, `pg@{version}`, `{version}`),
 * or the `--source-url` template. A release the registry names a commit for (`gitHead`) is
 * cited at that commit whatever the form.
 */
import type { ProjectDocument } from '../../core/dataset/schema.ts'
import { compareVersions } from '../../core/version/compare-versions.ts'
import { parseRange, type Range } from '../../core/version/parse-range.ts'
import { parseVersion, type Version } from '../../core/version/parse-version.ts'
import type { TagNaming, TagRule } from './packaging-metadata.ts'
import type { Importer } from './release-line-keys.ts'

export interface CitationForm {
  readonly tags: TagNaming
  /** The pinned address per `{version}` the entries cite instead of a tag; null for tags. */
  readonly sourceUrl: string | null
  /** Entries the importer owns: none means the project was never imported this way. */
  readonly importedEntries: number
  /**
   * The newest release an imported entry cites: the releases the first import read end
   * there. An older release it does not cite was left out then (no tag to cite, most often),
   * and a refresh does not take it up again.
   */
  readonly newestCited: Version | null
}

/** What one imported source says of its release's citation. */
type Cited =
  | { readonly kind: 'tag'; readonly version: Version; readonly template: string }
  | { readonly kind: 'source-url'; readonly version: Version; readonly template: string }
  /** A commit or a chart archive: pinned by the metadata itself. */
  | { readonly kind: 'pinned'; readonly version: Version }

/** The importers' default tag form, for a project whose entries never cite a tag. */
const DEFAULT_TAG = 'v{version}'

/**
 * @example citationForm(prettier, 'npm').tags.rules // [{ template: '{version}', ranges: null }]
 */
export function citationForm(document: ProjectDocument, importer: Importer): CitationForm {
  const cited: Cited[] = []
  let importedEntries = 0
  for (const version of Object.values(document.versions)) {
    for (const entry of Object.values(version.dependencies)) {
      if (entry.importedFrom !== importer) continue
      importedEntries++
      for (const source of entry.sources) {
        const read = citedRelease(source.title, source.url)
        if (read !== null) cited.push(read)
      }
    }
  }
  cited.sort((a, b) => compareVersions(a.version, b.version))
  const newestCited = cited.at(-1)?.version ?? null
  const newest = cited.filter((item) => item.kind !== 'pinned').at(-1)
  if (newest?.kind === 'source-url') {
    return { tags: defaultTags(), sourceUrl: newest.template, importedEntries, newestCited }
  }
  const tagged = cited.filter(
    (item): item is Extract<Cited, { kind: 'tag' }> => item.kind === 'tag',
  )
  return {
    tags: tagged.length === 0 ? defaultTags() : { rules: tagRules(tagged), known: null },
    sourceUrl: null,
    importedEntries,
    newestCited,
  }
}

function defaultTags(): TagNaming {
  return { rules: [{ template: DEFAULT_TAG, ranges: null }], known: null }
}

/**
 * The importers write `NAME VERSION WHAT, repository at tag TAG` (or `at commit SHA`), a
 * chart archive, or `NAME VERSION WHAT` for a `--source-url` address.
 */
function citedRelease(title: string, url: string): Cited | null {
  const written = title.split(' ')[1] ?? ''
  const version = parseVersion(written)
  if (version === null || written === '') return null
  const tag = /, repository at tag (\S+)$/.exec(title)?.[1]
  if (tag !== undefined) {
    return tag.includes(written)
      ? { kind: 'tag', version, template: tag.replaceAll(written, '{version}') }
      : null
  }
  if (/, repository at commit \S+$/.test(title) || / chart archive( \(sha256 \S+\))?$/.test(title))
    return { kind: 'pinned', version }
  return url.includes(written)
    ? { kind: 'source-url', version, template: url.replaceAll(written, '{version}') }
    : null
}

/**
 * One rule per run of consecutive releases that share a tag form, bounded by the next run's
 * first release; the first run reaches down and the last up, so a new release takes the
 * newest form. One form is one rule for every release.
 */
function tagRules(tagged: readonly Extract<Cited, { kind: 'tag' }>[]): TagRule[] {
  const runs: { template: string; from: Version }[] = []
  for (const item of tagged) {
    if (runs.at(-1)?.template !== item.template) {
      runs.push({ template: item.template, from: item.version })
    }
  }
  if (runs.length === 1) return [{ template: runs[0]?.template ?? DEFAULT_TAG, ranges: null }]
  return runs.map((run, at) => {
    const next = runs[at + 1]
    const bounds = [
      ...(at === 0 ? [] : [`>=${run.from.raw}`]),
      ...(next === undefined ? [] : [`<${next.from.raw}`]),
    ].join(' ')
    return { template: run.template, ranges: [rangeOf(bounds)] }
  })
}

function rangeOf(text: string): Range {
  const parsed = parseRange(text)
  if ('error' in parsed) throw new Error(`a tag rule's range '${text}' does not parse`)
  return parsed.range
}
