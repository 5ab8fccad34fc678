/**
 * Lays an importer's version keys over an existing project file (data/README.md, "Import from
 * packaging metadata"): the entries the importer owns (`importedFrom` its name) are added,
 * rewritten or removed; entries written by hand are never touched, and neither is anything
 * else in the file (comments, anchors, order). An imported entry is left out where a
 * hand-written entry for the same dependency covers the same release line, so that a line's
 * answer never mixes the two.
 */
import {
  type Document,
  isMap,
  isPair,
  type Node,
  Pair,
  parseDocument,
  Scalar,
  type YAMLMap,
} from 'yaml'
import type { DependencyEntry, ProjectVersion } from '../../core/dataset/schema.ts'
import { compareVersions } from '../../core/version/compare-versions.ts'
import { parseVersion, type Version } from '../../core/version/parse-version.ts'
import type { Importer } from './release-line-keys.ts'
import { styleLikeBundledFiles, YAML_OUTPUT } from './write-project-file.ts'

export interface MergeReport {
  /** `KEY DEPENDENCY RANGES` lines, in the order of the written file. */
  readonly added: string[]
  readonly changed: string[]
  readonly removed: string[]
  /** Imported entries not written because a hand-written entry covers their line. */
  readonly leftAlone: string[]
  /** Owned entries rewritten with nothing but a new read date. */
  readonly unchanged: number
}

export type MergeResult =
  | { readonly text: string; readonly report: MergeReport }
  | { readonly error: string }

type PlainVersions = Record<
  string,
  { since?: boolean; dependencies?: Record<string, Partial<DependencyEntry>> }
>

export interface MergeOptions {
  /**
   * Leave an owned entry as it is written when only its citation or read dates would change
   * (a refresh: the release's metadata is immutable, and the first import's pinned citation,
   * checked then, stays); otherwise it is rewritten with today's read date.
   */
  readonly keepUnchanged?: boolean
  /**
   * The keys this merge may add, rewrite or remove (a refresh: the release lines it read);
   * owned entries of other keys stay as written. Default: every key.
   */
  readonly within?: (key: string) => boolean
}

export function mergeImportedVersions(
  text: string,
  imported: Readonly<Record<string, ProjectVersion>>,
  importer: Importer,
  options: MergeOptions = {},
): MergeResult {
  const document = parseDocument(text, { keepSourceTokens: false })
  if (document.errors.length > 0)
    return { error: `it is not YAML (${document.errors[0]?.message.split('\n')[0]})` }
  const plain = document.toJS({ maxAliasCount: -1 }) as { versions?: PlainVersions } | null
  if (plain === null || typeof plain !== 'object') return { error: 'it is not a project document' }
  let versionsNode = document.get('versions', true)
  if (versionsNode === undefined) {
    versionsNode = document.createNode({}) as YAMLMap
    document.set('versions', versionsNode)
  }
  if (!isMap(versionsNode)) return { error: "its 'versions' is not a map" }
  const existing = plain.versions ?? {}
  const report = {
    added: [] as string[],
    changed: [] as string[],
    removed: [] as string[],
    leftAlone: [] as string[],
    unchanged: 0,
  }

  const handWritten = new Map<string, string[]>()
  for (const [key, version] of Object.entries(existing)) {
    for (const [dependency, entry] of Object.entries(version?.dependencies ?? {})) {
      if (entry?.importedFrom !== importer)
        handWritten.set(dependency, [...(handWritten.get(dependency) ?? []), key])
    }
  }
  const written = new Set<string>()
  const within = options.within ?? (() => true)
  for (const [key, version] of Object.entries(imported)) {
    if (!within(key)) continue
    for (const [dependency, entry] of Object.entries(version.dependencies)) {
      const label = `${key} ${dependency} ${describeRanges(entry)}`
      const blocker = (handWritten.get(dependency) ?? []).find((hand) => sameLine(hand, key))
      if (blocker !== undefined) {
        report.leftAlone.push(`${label}: ${blocker} ${dependency} is written by hand`)
        continue
      }
      const there = existing[key]
      const ownsKey =
        there === undefined ||
        Object.values(there.dependencies ?? {}).every((e) => e?.importedFrom === importer)
      if (there !== undefined && Boolean(there.since) !== Boolean(version.since) && !ownsKey) {
        report.leftAlone.push(
          `${label}: key ${key} is written by hand ${there.since ? 'as' : 'not as'} a since key`,
        )
        continue
      }
      const before = there?.dependencies?.[dependency]
      written.add(`${key}\u0000${dependency}`)
      const sameSince = Boolean(there?.since) === Boolean(version.since)
      if (before === undefined) report.added.push(label)
      else if (options.keepUnchanged && sameSince && sameFacts(before, entry)) {
        report.unchanged++
        continue
      } else if (sameEvidence(before, entry)) report.unchanged++
      else {
        const was = describeRanges(before)
        report.changed.push(
          `${label} (${was === describeRanges(entry) ? 'same ranges; its notes or sources changed' : `was ${was}`})`,
        )
      }
      setEntry(document, versionsNode, key, version.since === true, dependency, entry, ownsKey)
    }
  }
  for (const [key, version] of Object.entries(existing)) {
    if (!within(key)) continue
    for (const [dependency, entry] of Object.entries(version?.dependencies ?? {})) {
      if (entry?.importedFrom !== importer || written.has(`${key}\u0000${dependency}`)) continue
      report.removed.push(`${key} ${dependency} ${describeRanges(entry)}`)
      document.deleteIn(['versions', key, 'dependencies', dependency])
      const left = document.getIn(['versions', key, 'dependencies'], true)
      if (isMap(left) && left.items.length === 0) document.deleteIn(['versions', key])
    }
  }
  sortNewestFirst(versionsNode)
  return { text: document.toString(YAML_OUTPUT), report }
}

function setEntry(
  document: Document,
  versions: YAMLMap,
  key: string,
  since: boolean,
  dependency: string,
  entry: DependencyEntry,
  ownsKey: boolean,
): void {
  const value = document.createNode(entry, { aliasDuplicateObjects: false }) as Node
  styleLikeBundledFiles(value)
  const versionNode = versions.get(key, true)
  if (isMap(versionNode)) {
    if (ownsKey) {
      if (since) versionNode.set('since', true)
      else versionNode.delete('since')
    }
    const dependencies = versionNode.get('dependencies', true)
    if (isMap(dependencies)) dependencies.set(dependency, value)
    else versionNode.set('dependencies', document.createNode({ [dependency]: entry }))
    return
  }
  const dependencies = document.createNode({}) as YAMLMap
  dependencies.set(dependency, value)
  const created = document.createNode(since ? { since: true } : {}) as YAMLMap
  created.set('dependencies', dependencies)
  const keyNode = new Scalar(key)
  keyNode.type = 'QUOTE_DOUBLE'
  versions.items.push(new Pair(keyNode, created))
}

/** Keys that are versions, newest first, in place; a key that is not a version stays last. */
function sortNewestFirst(versions: YAMLMap): void {
  const versionOf = (item: unknown): Version | null => {
    const key = isPair(item) ? item.key : null
    const text = key instanceof Scalar ? String(key.value) : typeof key === 'string' ? key : null
    return text === null ? null : parseVersion(text)
  }
  versions.items.sort((a, b) => {
    const [va, vb] = [versionOf(a), versionOf(b)]
    if (va === null || vb === null) return va === null ? (vb === null ? 0 : 1) : -1
    return compareVersions(vb, va)
  })
}

/** Whether two keys cover one release line: `1.3` and `1.3.2`, or `22` and `22.1`. */
function sameLine(a: string, b: string): boolean {
  const [va, vb] = [parseVersion(a), parseVersion(b)]
  if (va === null || vb === null) return a === b
  const [la, lb] = [va.release.slice(0, 2), vb.release.slice(0, 2)]
  return la.every((part, at) => at >= lb.length || part === lb[at])
}

/**
 * An entry's ranges and constraints as the importer reports them: `>=18 || 16`,
 * `same-version`, or `(unknown)` for neither.
 */
export function describeRanges(entry: Partial<DependencyEntry>): string {
  const said = [
    ...(entry.ranges ?? []),
    ...(entry.constraints ?? []).map((constraint) => constraint.type),
  ]
  return said.length === 0 ? '(unknown)' : said.join(' || ')
}

/** Equal but for where and when it was read: what the entry says is the same. */
function sameFacts(before: Partial<DependencyEntry>, after: DependencyEntry): boolean {
  const facts = (entry: Partial<DependencyEntry>) =>
    JSON.stringify({ ...entry, lastVerified: null, sources: null })
  return facts(before) === facts(after)
}

/** Equal but for when it was read. */
function sameEvidence(before: Partial<DependencyEntry>, after: DependencyEntry): boolean {
  const comparable = (entry: Partial<DependencyEntry>) =>
    JSON.stringify({
      ...entry,
      lastVerified: null,
      sources: (entry.sources ?? []).map(({ title, url }) => ({ title, url })),
    })
  return comparable(before) === comparable(after)
}
