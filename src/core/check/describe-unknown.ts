/** Reasons for an unknown project, project version or dependency: what is known instead (docs/api.md, "Results"). */
import type { CompiledProject, CompiledVersion, Dataset } from '../dataset/build-dataset.ts'
import { linkedProjectId, namesOf } from '../dataset/links.ts'
import { NameList, nearestNames, quotedAlternatives } from '../names/nearest-names.ts'
import { compareVersions } from '../version/compare-versions.ts'
import { parseVersion } from '../version/parse-version.ts'
import { entriesOf, type FoundVersion, findVersion, type VersionLookup } from './find-version.ts'

const MAX_LISTED = 8

const projectNameLists = new WeakMap<Dataset, NameList>()

/** Every project id and alias, for suggestions (ids first, by id, then aliases); read once per dataset. */
export function projectNames(dataset: Dataset): NameList {
  let list = projectNameLists.get(dataset)
  if (list === undefined) {
    list = new NameList([...dataset.projects.keys(), ...dataset.aliases.keys()])
    projectNameLists.set(dataset, list)
  }
  return list
}

/** ` Did you mean "django"?` for a name near known ones; empty when none is near. */
export function didYouMean(name: string, known: Iterable<string> | NameList): string {
  const near = known instanceof NameList ? known.nearest(name) : nearestNames(name, known)
  return near.length === 0 ? '' : ` Did you mean ${quotedAlternatives(near)}?`
}

export function describeUnknownProject(dataset: Dataset, project: string): string {
  return `No project "${project}" is known; GET /api/v1/projects lists the known ids.${didYouMean(project, projectNames(dataset))}`
}

export function describeUnknownVersion(
  dataset: Dataset,
  project: CompiledProject,
  requested: string,
  lookup: VersionLookup,
): string {
  const name = project.document.name
  const keys = project.versions
  const intro =
    lookup === 'exact'
      ? `${name} has no version "${requested}"; versions are looked up by exact key`
      : `${name} documents no version "${requested}" and no line that covers it`
  const version = parseVersion(requested)
  if (keys.length === 0) return `${intro}, and none is documented.`
  if (version === null) return `${intro}, and the known versions are ${listKeys(keys)}.`
  const byLine = lookup === 'exact' ? findVersion(dataset, project, requested, 'line') : null
  if (byLine?.overlay != null) {
    const { base, since } = byLine.overlay
    const sinceKeys = since.map((key) => `"${key.key}"`).join(' and ')
    const from =
      base === null
        ? `the since ${since.length === 1 ? 'key' : 'keys'} ${sinceKeys}`
        : `"${base.key}" with the since ${since.length === 1 ? 'key' : 'keys'} ${sinceKeys} laid over it`
    return `${intro}: line lookup would answer from ${from}, which cover it; ask for ${base === null ? sinceKeys : `"${base.key}" and ${sinceKeys}`}, or ask a server that looks versions up by line.`
  }
  if (byLine !== null) {
    return `${intro}: ask for "${byLine.version.key}", the documented key that covers it.`
  }
  if (lookup === 'line' && version.pre !== null) {
    return `${intro}: a line's evidence covers its final releases, not pre-releases.`
  }
  const newer = [...keys].reverse().find((key) => compareVersions(key.version, version) > 0)
  const older = keys.find((key) => compareVersions(key.version, version) < 0)
  const nearest = [older, newer].filter((key) => key !== undefined).map((key) => `"${key.key}"`)
  return `${intro}; the nearest known ${nearest.length === 1 ? 'version is' : 'versions are'} ${nearest.join(' and ')}.`
}

// What a version documents never changes while its dataset is served: worded once. Clients
// ask about the same few unknown keys again and again (a whole stack in every combination),
// so those sentences are kept too, a bounded number per version.
const knownDependencies = new WeakMap<object, string>()
const sentences = new WeakMap<object, Map<string, string>>()
const MAX_SENTENCES_PER_VERSION = 256

/**
 * Why a dependency is not documented for a found version, with the documented keys, the one
 * the name links to or is nearest to, and, for a since key asked for exactly, that it lists
 * only what changed in its line.
 */
export function describeUnknownDependency(found: FoundVersion, dependency: string): string {
  const { project, version, overlay } = found
  const owner: object = overlay ?? version
  let kept = sentences.get(owner)
  const sentence = kept?.get(dependency)
  if (sentence !== undefined) return sentence
  const entries = entriesOf(found)
  let known = knownDependencies.get(owner)
  if (known === undefined) {
    const keys = [...entries.keys()]
    known =
      keys.length === 0
        ? 'it documents no dependencies'
        : `it documents ${keys
            .slice(0, MAX_LISTED * 2)
            .map((key) => `"${key}"`)
            .join(', ')}`
    knownDependencies.set(owner, known)
  }
  const subject =
    overlay === null
      ? `${project.document.name} ${version.key}`
      : `${project.document.name} (${describeKeys(found)})`
  const sinceNote =
    version.since && overlay === null
      ? ` "${version.key}" is a since key: it lists what changed in its line from that release on, the rest is documented by the line's own key.`
      : ''
  const described = `${subject} documents no dependency "${dependency}"; ${known}.${suggestKey(found.dataset, dependency, entries.keys())}${sinceNote}`
  if (kept === undefined) {
    kept = new Map()
    sentences.set(owner, kept)
  }
  if (kept.size >= MAX_SENTENCES_PER_VERSION) kept.clear()
  kept.set(dependency, described)
  return described
}

/** `1.27 with the since key 1.27.1`: the keys a found version answers from. */
export function describeKeys(found: FoundVersion): string {
  const { overlay, version } = found
  if (overlay === null) return version.key
  const since = sinceKeysText(overlay.since)
  return overlay.base === null ? since : `${overlay.base.key} with ${since}`
}

/** `the since key 1.27.1`, `the since keys 1.27.1 and 1.27.3`. */
export function sinceKeysText(since: readonly CompiledVersion[]): string {
  return `the since ${since.length === 1 ? 'key' : 'keys'} ${since.map((key) => key.key).join(' and ')}`
}

/** The documented key a name links to (`k8s` → `kubernetes`), else the nearest ones. */
function suggestKey(dataset: Dataset, name: string, keys: Iterable<string>): string {
  const documented = [...keys]
  const linked = linkedProjectId(dataset, name)
  if (linked !== null) {
    const project = dataset.projects.get(linked) as CompiledProject
    const key = namesOf(project).find((other) => documented.includes(other))
    if (key !== undefined) {
      return ` "${name}" names ${project.document.name}, documented here as "${key}".`
    }
  }
  return didYouMean(name, documented)
}

function listKeys(keys: readonly CompiledVersion[]): string {
  const listed = keys.slice(0, MAX_LISTED).map((key) => `"${key.key}"`)
  return keys.length > MAX_LISTED ? `${listed.join(', ')}, …` : listed.join(', ')
}
