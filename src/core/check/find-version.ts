/** Which documented key (and since keys) answer for a requested version of a known project. */
import type {
  CompiledEntry,
  CompiledProject,
  CompiledVersion,
  Dataset,
} from '../dataset/build-dataset.ts'
import { parseVersion } from '../version/parse-version.ts'
import { coveringLine } from './covering-line.ts'
import { type Overlay, sinceOverlay } from './since-overlay.ts'

/**
 * How a requested project version finds its key (docs/api.md, "Version lookup"):
 * - `exact`: only a key equal to the request, as the API specification says;
 * - `line`: else the most specific key whose series covers it (`1.27.1` → `1.27`, then `1`),
 *   with the since keys of its line laid over it.
 */
export type VersionLookup = 'exact' | 'line'

export const VERSION_LOOKUPS: readonly VersionLookup[] = ['exact', 'line']

export interface FoundVersion {
  readonly dataset: Dataset
  readonly project: CompiledProject
  /** The key that answers: the last since key laid over the base, else the base. */
  readonly version: CompiledVersion
  /** True when the answer is not the requested key's alone: a covering line, or since keys. */
  readonly byLine: boolean
  /** The since keys laid over the base, with the entries that result; null when none are. */
  readonly overlay: Overlay | null
}

/**
 * The key (and since keys) answering for a version of a known project, or null. Line lookup
 * takes a key equal to the request first, unless it is a since key: those are always laid
 * over their line's base, so `1.27.1` answers from `1.27` with `1.27.1` over it.
 */
export function findVersion(
  dataset: Dataset,
  project: CompiledProject,
  versionKey: string,
  lookup: VersionLookup,
): FoundVersion | null {
  const exact = project.versionsByKey.get(versionKey)
  if (exact !== undefined && (lookup === 'exact' || !exact.since)) {
    if (lookup === 'exact' || project.sinceKeys.length === 0) {
      return { dataset, project, version: exact, byLine: false, overlay: null }
    }
  } else if (lookup === 'exact') {
    return null
  }
  const requested = parseVersion(versionKey)
  if (requested === null) return null
  const base =
    exact !== undefined && !exact.since ? exact : (coveringLine(project, requested) ?? null)
  const overlay = requested.pre === null ? sinceOverlay(project, base, requested) : null
  if (overlay !== null) {
    const last = overlay.since[overlay.since.length - 1] as CompiledVersion
    return { dataset, project, version: last, byLine: true, overlay }
  }
  if (base === null) return null
  return { dataset, project, version: base, byLine: base !== exact, overlay: null }
}

/** The entries a found version answers with: the base's, with since keys laid over them. */
export function entriesOf(found: FoundVersion): ReadonlyMap<string, CompiledEntry> {
  return found.overlay?.dependencies ?? found.version.dependencies
}
