/** Reasons for an unknown project, project version or dependency: what is known instead (docs/api.md, "Results"). */
import type { CompiledProject, CompiledVersion, Dataset } from '../dataset/build-dataset.ts'
import { compareNumberLists, compareVersions } from '../version/compare-versions.ts'
import { parseVersion } from '../version/parse-version.ts'

const MAX_LISTED = 8

export function describeUnknownProject(dataset: Dataset, project: string): string {
  const lower = project.toLowerCase()
  const similar = [...dataset.projects.keys()].find(
    (id) => id === lower || id === lower.replaceAll(' ', '-'),
  )
  const hint = similar === undefined ? '' : ` Did you mean "${similar}"?`
  return `No project "${project}" is known; GET /api/v1/projects lists the known ids.${hint}`
}

export function describeUnknownVersion(project: CompiledProject, requested: string): string {
  const name = project.document.name
  const keys = project.versions
  const intro = `${name} has no version "${requested}"; versions are looked up by exact key`
  const version = parseVersion(requested)
  if (keys.length === 0) return `${intro}, and none is documented.`
  if (version === null) return `${intro}, and the known versions are ${listKeys(keys)}.`
  const covering = keys
    .filter(
      ({ version: key }) =>
        key.pre === null &&
        key.post === null &&
        key.release.length <= version.release.length &&
        compareNumberLists(version.release.slice(0, key.release.length), key.release) === 0,
    )
    .sort((a, b) => b.version.release.length - a.version.release.length)[0]
  if (covering !== undefined) {
    return `${intro}: ask for "${covering.key}", the documented key that covers it.`
  }
  const newer = [...keys].reverse().find((key) => compareVersions(key.version, version) > 0)
  const older = keys.find((key) => compareVersions(key.version, version) < 0)
  const nearest = [older, newer].filter((key) => key !== undefined).map((key) => `"${key.key}"`)
  return `${intro}; the nearest known ${nearest.length === 1 ? 'version is' : 'versions are'} ${nearest.join(' and ')}.`
}

// What a version documents never changes while its dataset is served: worded once.
const knownDependencies = new WeakMap<CompiledVersion, string>()

export function describeUnknownDependency(
  project: CompiledProject,
  version: CompiledVersion,
  dependency: string,
): string {
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
  return `${project.document.name} ${version.key} documents no dependency "${dependency}"; ${known}.`
}

function listKeys(keys: readonly CompiledVersion[]): string {
  const listed = keys.slice(0, MAX_LISTED).map((key) => `"${key.key}"`)
  return keys.length > MAX_LISTED ? `${listed.join(', ')}, …` : listed.join(', ')
}
