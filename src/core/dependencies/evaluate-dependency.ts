/**
 * The reverse view (docs/api.md, "Who documents a dependency"): the dataset's dependency keys,
 * and every entry that documents one dependency, judged for a version when one is asked for.
 */
import { didYouMean } from '../check/describe-unknown.ts'
import { judgeEntry } from '../check/judge-entry.ts'
import { type Dataset, findProject } from '../dataset/build-dataset.ts'
import { linkedProjectId, namesOf } from '../dataset/links.ts'
import type { Lifecycle } from '../dataset/schema.ts'
import { findLifecycleLine } from '../lifecycle/find-lifecycle-line.ts'
import { type SupportStatus, supportStatus } from '../lifecycle/support-status.ts'
import { NameList } from '../names/nearest-names.ts'
import type { DependencyIndex, DependencyUse, DependencyView } from './dependency-result.ts'
import { dependencyUses, type Use } from './dependency-uses.ts'

/** One row per key as written in the data, ordered by key. */
export function dependencyIndex(dataset: Dataset): DependencyIndex {
  const rows = []
  for (const [key, uses] of dependencyUses(dataset).byKey) {
    const projects = new Set(uses.map((use) => use.project))
    rows.push({
      dependency: key,
      project: linkedProjectId(dataset, key),
      projects: projects.size,
      entries: uses.length,
    })
  }
  return { dependencies: rows }
}

/**
 * Whether any entry documents a dependency by this name or by another name of the project it
 * links to: a cheap test, for pages that answer 404 for names nothing documents.
 */
export function documentsDependency(dataset: Dataset, dependency: string): boolean {
  return namesMatching(dataset, dependency).some((key) => dependencyUses(dataset).byKey.has(key))
}

const dependencyNameLists = new WeakMap<Dataset, NameList>()

/** Every dependency key, then every project id and alias: what an unknown name is compared with. */
function dependencyNames(dataset: Dataset): NameList {
  let list = dependencyNameLists.get(dataset)
  if (list === undefined) {
    list = new NameList([
      ...dependencyUses(dataset).byKey.keys(),
      ...dataset.projects.keys(),
      ...dataset.aliases.keys(),
    ])
    dependencyNameLists.set(dataset, list)
  }
  return list
}

/** The name itself, then every other name of the project it links to. */
function namesMatching(dataset: Dataset, dependency: string): string[] {
  const linked = findProject(dataset, dependency)
  return linked === undefined
    ? [dependency]
    : [dependency, ...namesOf(linked).filter((name) => name !== dependency)]
}

export interface DependencyRequest {
  /** A dependency key, or any name of a catalogued project. */
  readonly dependency: string
  /** A dependency version to judge every entry against. */
  readonly version?: string
  /** The day each row's support status is judged on, YYYY-MM-DD. */
  readonly date: string
}

/**
 * Every entry keyed by the name or by another name of the project it links to; `unknown` with
 * a sentence (and the nearest names) when no entry uses it (a 404).
 *
 * @example evaluateDependency(dataset, { dependency: 'postgres', version: '18' }) // entries keyed postgresql
 */
export function evaluateDependency(
  dataset: Dataset,
  request: DependencyRequest,
): DependencyView | { readonly unknown: string } {
  const { dependency, version, date } = request
  const byKey = dependencyUses(dataset).byKey
  const project = findProject(dataset, dependency)?.document.id ?? null
  const keys = namesMatching(dataset, dependency)
  const uses = keys.flatMap((key) => byKey.get(key) ?? [])
  if (uses.length === 0) {
    const hint = didYouMean(dependency, dependencyNames(dataset))
    return {
      unknown: `No entry documents a dependency "${dependency}"; GET /api/v1/dependencies lists the dependency keys.${hint}`,
    }
  }
  // Several keys: put the lists back in the one order, by project id, then version newest first.
  if (keys.length > 1) uses.sort(byProjectThenVersion)
  return {
    dependency,
    version: version ?? null,
    date,
    project,
    entries: uses.map((use) => row(use, version, date)),
  }
}

function byProjectThenVersion(a: Use, b: Use): number {
  if (a.project !== b.project) return a.project.document.id < b.project.document.id ? -1 : 1
  return a.project.versions.indexOf(a.version) - b.project.versions.indexOf(b.version)
}

// Rows are built in one literal each, in the schema's field order: one object shape per kind.
function row(
  { project, version, entry: compiled }: Use,
  asked: string | undefined,
  date: string,
): DependencyUse {
  const { entry } = compiled
  const status = lineStatus(project.document.lifecycle, version.key, date)
  if (asked === undefined) {
    return {
      project: project.document.id,
      version: version.key,
      since: version.since,
      key: compiled.key,
      ranges: entry.ranges,
      constraints: entry.constraints ?? NO_CONSTRAINTS,
      basis: entry.basis ?? 'supported',
      relationship: entry.relationship,
      confidence: entry.confidence,
      lastVerified: entry.lastVerified,
      status,
    }
  }
  const judgement = judgeEntry(compiled, asked, version.key)
  return {
    project: project.document.id,
    version: version.key,
    since: version.since,
    key: compiled.key,
    ranges: entry.ranges,
    constraints: entry.constraints ?? NO_CONSTRAINTS,
    basis: entry.basis ?? 'supported',
    relationship: entry.relationship,
    confidence: entry.confidence,
    lastVerified: entry.lastVerified,
    status,
    compatible: judgement.compatible,
    matchedRange: judgement.matchedRange,
    matchedConstraint: judgement.matchedConstraint,
    reason: judgement.reason,
  }
}

const NO_CONSTRAINTS: DependencyUse['constraints'] = []

/** The status on the day of the release line covering a version key; unknown without one. */
function lineStatus(lifecycle: Lifecycle | undefined, key: string, date: string): SupportStatus {
  const found = lifecycle === undefined ? null : findLifecycleLine(lifecycle, key)
  return found === null ? 'unknown' : supportStatus(found.line, date).status
}
