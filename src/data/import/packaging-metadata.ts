/**
 * What the packaging-metadata importers read out of a chart index, an npm package document or
 * a PyPI JSON answer: the releases with what each declares and where it is pinned, and the
 * project's own description for a new document.
 */
import { compareVersions } from '../../core/version/compare-versions.ts'
import { matchRange } from '../../core/version/match-range.ts'
import { parseRange, type Range } from '../../core/version/parse-range.ts'
import { parseVersion, type Version } from '../../core/version/parse-version.ts'
import type { PublishedRelease } from './release-line-keys.ts'

export interface ProjectMetadata {
  readonly name: string
  readonly website: string | null
  readonly description: string | null
  readonly keywords: readonly string[]
}

export type ReadMetadata =
  | {
      readonly ok: true
      readonly project: ProjectMetadata
      /** The final releases: pre-releases are not read, since no evidence covers them. */
      readonly releases: readonly PublishedRelease[]
      /** Pre-releases skipped. */
      readonly preReleases: number
      /** Final releases that could not be read or cited, one line each. */
      readonly leftOut: readonly string[]
    }
  | { readonly ok: false; readonly error: string }

/**
 * Whether a published version is a pre-release (or another non-final form such as a
 * post-release or a flavor), which the importers do not read. A text that is not a version
 * counts as final, so that it is reported.
 */
export function isPreRelease(version: string): boolean {
  const parsed = parseVersion(version)
  return parsed !== null && (parsed.pre !== null || parsed.post !== null || parsed.flavor !== null)
}

/** `{version}` in a source template (`--source-url`, `--tag`) replaced by the release. */
export function fillTemplate(template: string, version: string): string {
  return template.replaceAll('{version}', version)
}

/**
 * A repository address as packaging metadata writes it (`git+https://github.com/o/r.git`,
 * `github:o/r`, `o/r`, `git@github.com:o/r.git`) as its web address, for GitHub and GitLab;
 * null for anything else.
 */
export function repositoryWebUrl(written: string): string | null {
  // A `#branch` fragment names where the code was, not which repository.
  const text = written.trim().replace(/#.*$/, '')
  const shorthand = /^(?:github:)?([A-Za-z0-9][\w.-]*\/[\w.-]+)$/.exec(text)
  if (shorthand !== null)
    return `https://github.com/${(shorthand[1] as string).replace(/\.git$/, '')}`
  const github =
    /^(?:git\+)?(?:https?|git|ssh):\/\/(?:[^@/]+@)?github\.com[/:]([\w.-]+\/[\w.-]+?)(?:\.git)?(?:\/.*)?$/.exec(
      text,
    ) ?? /^git@github\.com:([\w.-]+\/[\w.-]+?)(?:\.git)?$/.exec(text)
  if (github !== null) return `https://github.com/${github[1]}`
  const match =
    /^(?:git\+)?(?:https?|git|ssh):\/\/(?:[^@/]+@)?(gitlab\.com)[/:]([\w.-]+(?:\/[\w.-]+)+?)(?:\.git)?\/?$/.exec(
      text,
    ) ?? /^git@(gitlab\.com):([\w.-]+(?:\/[\w.-]+)+?)(?:\.git)?$/.exec(text)
  if (match === null) return null
  return `https://${match[1]}/${(match[2] as string).replace(/\.git$/, '')}`
}

/** The address of a repository's tree at `ref` (a tag or commit), in `directory` if given. */
export function treeUrl(repository: string, ref: string, directory?: string): string {
  const tree = repository.startsWith('https://gitlab.com/') ? '/-/tree/' : '/tree/'
  const inside =
    directory === undefined || directory === '' ? '' : `/${directory.replace(/^\/+|\/+$/g, '')}`
  return `${repository}${tree}${encodeURI(ref)}${inside}`
}

/** Where a release's packaging metadata is cited, or why it cannot be. */
export type ReleaseSource =
  | { readonly title: string; readonly url: string }
  | { readonly error: string }

/**
 * A release's citation, in order of preference: `--source-url`; the repository at the
 * release's commit (`gitHead`, when the metadata names one); the repository at its tag.
 * `what` names the metadata read, for the title.
 */
export function releaseSource(
  what: string,
  version: string,
  from: {
    readonly sourceUrl: string | null
    readonly repository: string | null
    readonly tags: TagNaming
    readonly directory?: string
    readonly commit?: string | null
  },
): ReleaseSource {
  if (from.sourceUrl !== null) return { title: what, url: fillTemplate(from.sourceUrl, version) }
  if (from.repository === null) {
    return { error: 'no GitHub or GitLab repository to cite (pass --source-url)' }
  }
  const { commit } = from
  if (commit !== undefined && commit !== null && /^[0-9a-f]{40}$/.test(commit)) {
    return {
      title: `${what}, repository at commit ${commit.slice(0, 10)}`,
      url: treeUrl(from.repository, commit, from.directory),
    }
  }
  const tagged = releaseTag(version, from.tags)
  if ('error' in tagged) return tagged
  return {
    title: `${what}, repository at tag ${tagged.tag}`,
    url: treeUrl(from.repository, tagged.tag, from.directory),
  }
}

/** Keywords as category slugs: lowercase, spaces and other marks as `-`, at most four. */
export function keywordCategories(keywords: readonly string[]): string[] {
  const slugs = keywords
    .map((keyword) =>
      keyword
        .toLowerCase()
        .trim()
        .replace(/[^a-z0-9._-]+/g, '-')
        .replace(/^[-._]+|[-._]+$/g, ''),
    )
    .filter((slug) => /^[a-z0-9][a-z0-9._-]{0,63}$/.test(slug))
  return [...new Set(slugs)].slice(0, 4)
}

/** The UTC day of a published timestamp (`2026-11-02T17:03:11.512Z`), or none. */
export function publishedDay(timestamp: string | null | undefined): { released?: string } {
  const time = timestamp === null || timestamp === undefined ? Number.NaN : Date.parse(timestamp)
  return Number.isNaN(time) ? {} : { released: new Date(time).toISOString().slice(0, 10) }
}

/** Parses JSON, or says in one line why it is not. */
export function parseJsonText(text: string, what: string): { value: unknown } | { error: string } {
  try {
    return { value: JSON.parse(text) }
  } catch (error) {
    return { error: `${what} is not JSON (${(error as Error).message})` }
  }
}

/** A text as packaging metadata means it: trimmed, and none when nothing is left. */
export function nonBlankText(text: string | null | undefined): string | null {
  const trimmed = text?.trim() ?? ''
  return trimmed === '' ? null : trimmed
}

/** A `--tag` template, for the releases one of its ranges admits (all when null). */
export interface TagRule {
  readonly template: string
  readonly ranges: readonly Range[] | null
}

/** How releases are tagged: rules in order, and the tags known to exist (`--tags-from`). */
export interface TagNaming {
  readonly rules: readonly TagRule[]
  /** The repository's tags; null when not given. */
  readonly known: ReadonlySet<string> | null
}

/**
 * `--tag` values: `TEMPLATE` or `TEMPLATE if RANGE` (`{version} if <4.22.1`; alternatives
 * joined by `||`), in the order a release tries them.
 */
export function parseTagRule(text: string): TagRule | { error: string } {
  const [template = '', condition] = text.split(/\s+if\s+/, 2)
  if (!template.includes('{version}')) {
    return {
      error: `--tag '${text}' must contain {version}, so that each release is cited where it was published`,
    }
  }
  if (condition === undefined) return { template: template.trim(), ranges: null }
  const ranges: Range[] = []
  for (const alternative of condition.split('||').map((part) => part.trim())) {
    const parsed = parseRange(alternative)
    if ('error' in parsed) {
      return { error: `--tag '${text}': '${alternative}' is not a range (${parsed.error})` }
    }
    ranges.push(parsed.range)
  }
  return { template: template.trim(), ranges }
}

/**
 * The tag a release was published from: the first rule whose range admits it. With known
 * tags, a release whose tag is missing is an error, unless it is newer than every final
 * release the list spells (the list was read before it).
 */
export function releaseTag(
  version: string,
  naming: TagNaming,
): { tag: string } | { error: string } {
  const parsed = parseVersion(version)
  const rule = naming.rules.find(
    (candidate) =>
      candidate.ranges === null ||
      (parsed !== null && candidate.ranges.some((range) => matchRange(range, parsed) === 'match')),
  )
  if (rule === undefined) return { error: `no --tag rule admits ${version}` }
  const tag = fillTemplate(rule.template, version)
  if (naming.known === null || naming.known.has(tag)) return { tag }
  const newestKnown = newestTaggedVersion(naming)
  if (parsed !== null && newestKnown !== null && compareVersions(parsed, newestKnown) > 0)
    return { tag }
  return { error: `no tag '${tag}' among the repository's tags (--tags-from)` }
}

const newestCache = new WeakMap<TagNaming, Version | null>()

/** The newest final release among the known tags that one of the rules' templates spells. */
function newestTaggedVersion(naming: TagNaming): Version | null {
  if (newestCache.has(naming)) return newestCache.get(naming) ?? null
  const spellings = naming.rules.map(
    ({ template }) =>
      new RegExp(
        `^${template.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace('\\{version\\}', '(.+)')}$`,
      ),
  )
  let newest: Version | null = null
  for (const tag of naming.known ?? []) {
    for (const spelling of spellings) {
      const written = spelling.exec(tag)?.[1]
      const version = written === undefined || isPreRelease(written) ? null : parseVersion(written)
      if (version !== null && (newest === null || compareVersions(version, newest) > 0)) {
        newest = version
      }
    }
  }
  newestCache.set(naming, newest)
  return newest
}
