/**
 * Since keys laid over a base (docs/api.md, "Since keys"): what a deployed version resolves to
 * when evidence changed inside its line. Each combination of base and since keys is made once
 * per project and shared, so a check's memory can be keyed by it.
 */
import type { CompiledEntry, CompiledProject, CompiledVersion } from '../dataset/build-dataset.ts'
import { compareVersions } from '../version/compare-versions.ts'
import type { Version } from '../version/parse-version.ts'
import { lineHolds } from './covering-line.ts'

export interface Overlay {
  /** The key without since whose series covers the version; null when none does. */
  readonly base: CompiledVersion | null
  /** The since keys laid over it, oldest first; never empty. */
  readonly since: readonly CompiledVersion[]
  /** Each dependency's entry: a later key's entry replaces an earlier one's. */
  readonly dependencies: ReadonlyMap<string, CompiledEntry>
}

const overlays = new WeakMap<CompiledProject, Map<string, Overlay>>()

/**
 * The since keys that apply to a final release over `base`: those whose line holds it, at or
 * below it, and not below the base (a key more specific than a since key's line documents
 * its own release, and an older since key says nothing over it). Null when none applies.
 *
 * @example sinceOverlay(cnpg, cnpg127, parseVersion('1.27.5')) // 1.27 with 1.27.1 laid over it
 */
export function sinceOverlay(
  project: CompiledProject,
  base: CompiledVersion | null,
  version: Version,
): Overlay | null {
  let since: CompiledVersion[] | null = null
  for (const key of project.sinceKeys) {
    if (compareVersions(key.version, version) > 0) break
    if (!lineHolds(key, version)) continue
    if (base !== null && compareVersions(key.version, base.version) < 0) continue
    if (since === null) since = [key]
    else since.push(key)
  }
  return since === null ? null : overlayOf(project, base, since)
}

function overlayOf(
  project: CompiledProject,
  base: CompiledVersion | null,
  since: readonly CompiledVersion[],
): Overlay {
  let known = overlays.get(project)
  if (known === undefined) {
    known = new Map()
    overlays.set(project, known)
  }
  // Keys never hold a line break: it cannot join two lists into one name.
  const name = `${base?.key ?? ''}\n${since.map((key) => key.key).join('\n')}`
  let overlay = known.get(name)
  if (overlay === undefined) {
    const dependencies = new Map(base?.dependencies)
    for (const key of since)
      for (const [dependency, entry] of key.dependencies) dependencies.set(dependency, entry)
    overlay = { base, since, dependencies }
    known.set(name, overlay)
  }
  return overlay
}
