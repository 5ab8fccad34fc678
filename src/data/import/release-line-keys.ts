/**
 * Version keys from packaging metadata read release by release (data/README.md, "Import from
 * packaging metadata"): one key per release line (`1.3`) where every release of the line
 * declares the same thing, and a since key (`1.3.2`) at each release where a declaration
 * changes inside the line. Each entry is marked with the importer that owns it. A declaration
 * that cannot be converted exactly is never guessed: it is reported, and from that release on
 * the line documents nothing for that dependency until a readable declaration returns.
 */
import type { DependencyEntry, ProjectVersion, Source } from '../../core/dataset/schema.ts'
import { compareVersions } from '../../core/version/compare-versions.ts'
import { parseVersion, type Version } from '../../core/version/parse-version.ts'
import type { ConvertedRanges } from './convert-range.ts'

export type Importer = NonNullable<DependencyEntry['importedFrom']>

/** One dependency a release declares. */
export interface DeclaredFact {
  /** The dependency key it becomes, such as `kubernetes`. */
  readonly dependency: string
  /** The metadata field, for notes and reports: `kubeVersion`, `engines.node`. */
  readonly field: string
  /** The declaration as published. */
  readonly declared: string
  readonly relationship: string
  readonly converted: ConvertedRanges
  /** Why the conversion reads as it does, added to the note (Helm's `-0`). */
  readonly remark?: string
}

export interface PublishedRelease {
  readonly version: string
  readonly facts: readonly DeclaredFact[]
  /** Where this release's metadata can be read, pinned. */
  readonly source: Source
}

export interface LineKeyOptions {
  readonly importer: Importer
  /** The day the metadata was read: lastVerified of every entry. */
  readonly today: string
  /** What a release is called in notes: `Chart cert-manager`, `vite`. */
  readonly subject: string
}

export interface LineKeys {
  /** Version keys, newest first. */
  readonly versions: Record<string, ProjectVersion>
  /** One line per declaration that could not be converted, or release that is not a version. */
  readonly leftOut: string[]
  /** Final releases read. */
  readonly releases: number
  /** Pre-releases skipped: the evidence is about final releases. */
  readonly preReleases: number
}

type State =
  | { readonly kind: 'declared'; readonly fact: DeclaredFact; readonly ranges: readonly string[] }
  | { readonly kind: 'none'; readonly why: 'undeclared' | 'unreadable' }

interface Read {
  readonly version: Version
  readonly release: PublishedRelease
}

export function releaseLineKeys(
  published: readonly PublishedRelease[],
  options: LineKeyOptions,
): LineKeys {
  const leftOut: string[] = []
  let preReleases = 0
  const finals: Read[] = []
  const seen = new Set<string>()
  for (const release of published) {
    const version = parseVersion(release.version)
    if (version === null) {
      leftOut.push(`${options.subject} ${release.version}: not a version compat reads; left out`)
      continue
    }
    if (version.pre !== null || version.post !== null || version.flavor !== null) {
      preReleases++
      continue
    }
    const text = version.release.join('.')
    if (seen.has(text)) continue
    seen.add(text)
    finals.push({ version, release })
  }
  finals.sort((a, b) => compareVersions(a.version, b.version))

  const lines = new Map<string, Read[]>()
  for (const read of finals) {
    const line = read.version.release.slice(0, 2).join('.')
    lines.set(line, [...(lines.get(line) ?? []), read])
  }
  const versions = new Map<string, ProjectVersion>()
  const entryAt = (key: string, since: boolean, dependency: string, entry: DependencyEntry) => {
    const existing = versions.get(key) ?? { ...(since ? { since: true } : {}), dependencies: {} }
    versions.set(key, {
      ...existing,
      dependencies: { ...existing.dependencies, [dependency]: entry },
    })
  }
  for (const [line, reads] of lines) {
    const dependencies = new Set(
      reads.flatMap(({ release }) => release.facts.map((fact) => fact.dependency)),
    )
    for (const dependency of dependencies) {
      const states = reads.map((read) => stateOf(read, dependency, options, leftOut))
      let start = 0
      for (let at = 1; at <= reads.length; at++) {
        if (at < reads.length && sameState(states[at] as State, states[start] as State)) continue
        const first = reads[start] as Read
        const last = reads[at - 1] as Read
        const state = states[start] as State
        const opening = start === 0
        // A line's first run is its own key; a later run starts a since key at its first release.
        const key = opening ? line : first.version.release.join('.')
        if (state.kind === 'declared') {
          entryAt(key, !opening, dependency, declaredEntry(state, first, last, options))
        } else if (!opening) {
          const earlier = states.slice(0, start).findLast((before) => before.kind === 'declared')
          const relationship = earlier?.kind === 'declared' ? earlier.fact.relationship : 'unknown'
          entryAt(key, true, dependency, noneEntry(state, dependency, relationship, first, options))
        }
        start = at
      }
    }
  }
  const ordered = [...versions.entries()].sort(([a], [b]) =>
    compareVersions(parseVersion(b) as Version, parseVersion(a) as Version),
  )
  return { versions: Object.fromEntries(ordered), leftOut, releases: finals.length, preReleases }
}

function stateOf(
  read: Read,
  dependency: string,
  options: LineKeyOptions,
  leftOut: string[],
): State {
  const fact = read.release.facts.find((candidate) => candidate.dependency === dependency)
  if (fact === undefined) return { kind: 'none', why: 'undeclared' }
  if ('error' in fact.converted) {
    leftOut.push(
      `${options.subject} ${read.release.version}: ${fact.field} '${fact.declared}' cannot be converted exactly (${fact.converted.error}); no ${dependency} entry for it`,
    )
    return { kind: 'none', why: 'unreadable' }
  }
  return { kind: 'declared', fact, ranges: fact.converted.ranges }
}

function sameState(a: State, b: State): boolean {
  if (a.kind === 'none' || b.kind === 'none') {
    return a.kind === 'none' && b.kind === 'none' && a.why === b.why
  }
  return (
    a.fact.relationship === b.fact.relationship &&
    a.fact.declared === b.fact.declared &&
    a.ranges.length === b.ranges.length &&
    a.ranges.every((range, at) => range === b.ranges[at])
  )
}

function span(options: LineKeyOptions, first: Read, last: Read): string {
  return first === last
    ? `${options.subject} ${first.release.version} declares`
    : `${options.subject} ${first.release.version} to ${last.release.version} declare`
}

function sourcesOf(first: Read, last: Read): Source[] {
  return first === last ? [first.release.source] : [first.release.source, last.release.source]
}

function declaredEntry(
  state: Extract<State, { kind: 'declared' }>,
  first: Read,
  last: Read,
  options: LineKeyOptions,
): DependencyEntry {
  const { fact } = state
  const remark = fact.remark === undefined ? '' : ` ${fact.remark}`
  return {
    ranges: [...state.ranges],
    relationship: fact.relationship,
    confidence: 'high',
    lastVerified: options.today,
    notes: [`${span(options, first, last)} ${fact.field} '${fact.declared}'.${remark}`],
    sources: sourcesOf(first, last),
    importedFrom: options.importer,
  }
}

/** From this release on the line documents nothing for the dependency: an `unknown` answer. */
function noneEntry(
  state: Extract<State, { kind: 'none' }>,
  dependency: string,
  relationship: string,
  first: Read,
  options: LineKeyOptions,
): DependencyEntry {
  const what =
    state.why === 'undeclared'
      ? `declares nothing for ${dependency}`
      : 'declares what compat cannot convert exactly'
  return {
    ranges: [],
    relationship,
    confidence: 'low',
    lastVerified: options.today,
    notes: [
      `${options.subject} ${first.release.version} ${what}: nothing is documented from this release on.`,
    ],
    sources: [first.release.source],
    importedFrom: options.importer,
  }
}
