/**
 * Version keys from packaging metadata read release by release (data/README.md, "Import from
 * packaging metadata"): one key per release line (`1.3`) where every release of the line
 * declares the same thing, and a since key (`1.3.2`) at each release where a declaration
 * changes inside the line. A dependency pinned to each release's own version at every release
 * of a run (an npm monorepo's sibling packages) is one entry for the run, with the
 * same-version constraint, rather than a since key at every release. Each entry is marked with
 * the importer that owns it. A declaration that cannot be converted exactly is never guessed:
 * it is reported, and from that release on the line documents nothing for that dependency
 * until a readable declaration returns.
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
  /**
   * The declaration admits exactly one release: the declaring release's own version (`5.1.1`
   * at 5.1.1), or another.
   */
  readonly pins?: 'own version' | 'another version'
}

export interface PublishedRelease {
  readonly version: string
  readonly facts: readonly DeclaredFact[]
  /** Where this release's metadata can be read, pinned. */
  readonly source: Source
  /** The day it was published (YYYY-MM-DD, UTC), when the metadata says. */
  readonly released?: string
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
  /** Pinned to the release's own version: releases agree when each pins its own. */
  | { readonly kind: 'same-version'; readonly fact: DeclaredFact }
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
      const states = pinsAsRule(reads.map((read) => stateOf(read, dependency, options, leftOut)))
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
        } else if (state.kind === 'same-version') {
          const closing = (states[at - 1] as typeof state).fact
          entryAt(
            key,
            !opening,
            dependency,
            sameVersionEntry(state.fact, closing, first, last, options),
          )
        } else if (!opening) {
          const earlier = states.slice(0, start).findLast((before) => before.kind !== 'none')
          const relationship = earlier === undefined ? 'unknown' : earlier.fact.relationship
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
  if (fact.pins === 'own version') return { kind: 'same-version', fact }
  return { kind: 'declared', fact, ranges: fact.converted.ranges }
}

/**
 * A pin to the release's own version counts as the same-version rule only where the line's
 * releases show the rule: two or more consecutive releases each pinned to its own version, or
 * every release the line has, and no release of the line pinning the dependency to another
 * version. Otherwise the pins are independent versions whose numbers happen to match (astro
 * 7.2.0 pins @astrojs/markdown-remark 7.2.2, 7.2.2 to 7.2.4 their own numbers, 7.2.5 7.2.4),
 * and each release is what it declares, a range.
 */
function pinsAsRule(states: readonly State[]): State[] {
  const independent = states.some(
    (state) => state.kind === 'declared' && state.fact.pins === 'another version',
  )
  return states.map((state, at) => {
    if (state.kind !== 'same-version') return state
    const before = states[at - 1]
    const after = states[at + 1]
    const shown =
      states.length === 1 ||
      (before !== undefined && sameState(before, state)) ||
      (after !== undefined && sameState(after, state))
    if (shown && !independent) return state
    const { fact } = state
    return {
      kind: 'declared',
      fact,
      ranges: 'error' in fact.converted ? [] : fact.converted.ranges,
    }
  })
}

function sameState(a: State, b: State): boolean {
  if (a.kind === 'none' || b.kind === 'none') {
    return a.kind === 'none' && b.kind === 'none' && a.why === b.why
  }
  if (a.kind === 'same-version' || b.kind === 'same-version') {
    return (
      a.kind === b.kind &&
      a.fact.relationship === b.fact.relationship &&
      a.fact.field === b.fact.field
    )
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

/**
 * Each release of the run pins the dependency to its own version: the same-version constraint
 * (docs/api.md), which answers for every release of the run as its own pin did.
 */
function sameVersionEntry(
  fact: DeclaredFact,
  closing: DeclaredFact,
  first: Read,
  last: Read,
  options: LineKeyOptions,
): DependencyEntry {
  const pins =
    first === last
      ? `'${fact.declared}', its own version`
      : `as each release's own version ('${fact.declared}' to '${closing.declared}')`
  return {
    ranges: [],
    constraints: [{ type: 'same-version' }],
    relationship: fact.relationship,
    confidence: 'high',
    lastVerified: options.today,
    notes: [`${span(options, first, last)} ${fact.field} ${pins}.`],
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
