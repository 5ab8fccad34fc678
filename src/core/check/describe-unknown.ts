/** Reasons for an unknown project, project version or dependency: what is known instead (docs/api.md, "Results"). */
import type { CompiledProject, CompiledVersion, Dataset } from '../dataset/build-dataset.ts'
import { compareVersions } from '../version/compare-versions.ts'
import { parseVersion } from '../version/parse-version.ts'
import { coveringLine } from './covering-line.ts'
import type { VersionLookup } from './resolve-project-version.ts'

const MAX_LISTED = 8

/** Ids compared without case and punctuation: `CloudNativePG`, `cloudnativepg`, `cloudnative-pg`. */
function looseId(id: string): string {
  return id.toLowerCase().replace(/[^a-z0-9]/g, '')
}

export function describeUnknownProject(dataset: Dataset, project: string): string {
  const loose = looseId(project)
  let similar: string | undefined
  if (loose !== '') {
    for (const [name, compiled] of [...dataset.projects, ...dataset.aliases]) {
      if (looseId(name) === loose) {
        similar = compiled.document.id
        break
      }
    }
  }
  const hint = similar === undefined ? '' : ` Did you mean "${similar}"?`
  return `No project "${project}" is known; GET /api/v1/projects lists the known ids.${hint}`
}

export function describeUnknownVersion(
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
  const covering = lookup === 'exact' ? coveringLine(project, requested) : undefined
  if (covering !== undefined) {
    return `${intro}: ask for "${covering.key}", the documented key that covers it.`
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
const knownDependencies = new WeakMap<CompiledVersion, string>()
const sentences = new WeakMap<CompiledVersion, Map<string, string>>()
const MAX_SENTENCES_PER_VERSION = 256

export function describeUnknownDependency(
  project: CompiledProject,
  version: CompiledVersion,
  dependency: string,
): string {
  let kept = sentences.get(version)
  const sentence = kept?.get(dependency)
  if (sentence !== undefined) return sentence
  let known = knownDependencies.get(version)
  if (known === undefined) {
    const keys = [...version.dependencies.keys()]
    known =
      keys.length === 0
        ? 'it documents no dependencies'
        : `it documents ${keys
            .slice(0, MAX_LISTED * 2)
            .map((key) => `"${key}"`)
            .join(', ')}`
    knownDependencies.set(version, known)
  }
  const described = `${project.document.name} ${version.key} documents no dependency "${dependency}"; ${known}.`
  if (kept === undefined) {
    kept = new Map()
    sentences.set(version, kept)
  }
  if (kept.size >= MAX_SENTENCES_PER_VERSION) kept.clear()
  kept.set(dependency, described)
  return described
}

function listKeys(keys: readonly CompiledVersion[]): string {
  const listed = keys.slice(0, MAX_LISTED).map((key) => `"${key.key}"`)
  return keys.length > MAX_LISTED ? `${listed.join(', ')}, …` : listed.join(', ')
}
