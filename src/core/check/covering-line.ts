/** Line lookup: which documented key's series covers a requested project version. */
import type { CompiledProject, CompiledVersion } from '../dataset/build-dataset.ts'
import { compareNumberLists, compareVersions } from '../version/compare-versions.ts'
import { parseVersion } from '../version/parse-version.ts'

/**
 * The most specific key whose series covers the requested version: its release starts with
 * the key's parts (`26.0.7` starts with `26.0`), or equals it (`v1.27`, `1.27.0`). A `v`
 * prefix, a flavor and build metadata take no part. A pre-release is covered only by a key
 * naming that same pre-release: a line's evidence covers its final releases.
 *
 * @example coveringLine(cnpg, 'v1.27.1') // the 1.27 key (not 1, when both exist)
 */
export function coveringLine(
  project: CompiledProject,
  requestedText: string,
): CompiledVersion | undefined {
  const requested = parseVersion(requestedText)
  if (requested === null) return undefined
  let best: CompiledVersion | undefined
  for (const candidate of project.versions) {
    const key = candidate.version
    if (requested.pre !== null || key.pre !== null || key.post !== null) {
      if (compareVersions(key, requested) === 0 && key.pre !== null) return candidate
      continue
    }
    const covers =
      key.release.length <= requested.release.length
        ? compareNumberLists(requested.release.slice(0, key.release.length), key.release) === 0
        : compareVersions(key, requested) === 0
    if (covers && (best === undefined || key.release.length > best.version.release.length)) {
      best = candidate
    }
  }
  return best
}
