/**
 * What the packaging-metadata importers read out of a chart index, an npm package document or
 * a PyPI JSON answer: the releases with what each declares and where it is pinned, and the
 * project's own description for a new document.
 */
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
      readonly releases: readonly PublishedRelease[]
      /** Releases that could not be read or cited, one line each. */
      readonly leftOut: readonly string[]
    }
  | { readonly ok: false; readonly error: string }

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
  const text = written.trim()
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

/** Parses JSON, or says in one line why it is not. */
export function parseJsonText(text: string, what: string): { value: unknown } | { error: string } {
  try {
    return { value: JSON.parse(text) }
  } catch (error) {
    return { error: `${what} is not JSON (${(error as Error).message})` }
  }
}

export function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

export function stringAt(value: unknown, field: string): string | null {
  const inner = isObject(value) ? value[field] : undefined
  return typeof inner === 'string' && inner.trim() !== '' ? inner.trim() : null
}
