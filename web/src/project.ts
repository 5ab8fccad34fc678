/** A project document as the pages use it: versions in order, dependency keys collected. */
import type { DependencyEntry, ProjectDocument } from './api.ts'

export interface Project {
  readonly document: ProjectDocument
  /** Newest first, in the server's version ordering. */
  readonly versions: readonly string[]
  /** Dependency keys of every version, in order of first appearance, newest version first. */
  readonly dependencyKeys: readonly string[]
}

/**
 * The document's JSON lists versions newest first, but JSON.parse moves integer-like keys
 * ("12", "11") ahead of the others, so the order comes from the project index.
 */
export function toProject(document: ProjectDocument, indexOrder: readonly string[]): Project {
  const keys = Object.keys(document.versions)
  const versions = [
    ...indexOrder.filter((version) => Object.hasOwn(document.versions, version)),
    ...keys.filter((version) => !indexOrder.includes(version)),
  ]
  const dependencyKeys = new Set<string>()
  for (const version of versions) {
    for (const key of dependencyKeysOf(document, version)) dependencyKeys.add(key)
  }
  return { document, versions, dependencyKeys: [...dependencyKeys] }
}

export function dependencyKeysOf(document: ProjectDocument, version: string): string[] {
  return Object.hasOwn(document.versions, version)
    ? Object.keys(document.versions[version]?.dependencies ?? {})
    : []
}

/** The entry of one dependency on one version; own keys only (`constructor` is just a name). */
export function entryOf(project: Project, version: string, key: string): DependencyEntry | null {
  if (!Object.hasOwn(project.document.versions, version)) return null
  const dependencies = project.document.versions[version]?.dependencies ?? {}
  return Object.hasOwn(dependencies, key) ? (dependencies[key] ?? null) : null
}

/** Ranges as written, then constraints in words: "3.10, 3.11" or "same version (9.2.2)". */
export function documentedRule(entry: DependencyEntry, version: string): string {
  const parts = [...entry.ranges]
  for (const constraint of entry.constraints ?? []) {
    parts.push(constraint.type === 'same-version' ? `same version (${version})` : constraint.type)
  }
  return parts.length === 0 ? 'no documented range' : parts.join(', ')
}
