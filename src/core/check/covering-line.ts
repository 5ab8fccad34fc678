/** Line lookup: which documented key's series covers a requested project version. */
import type { CompiledProject, CompiledVersion } from '../dataset/build-dataset.ts'
import { compareNumberLists, compareVersions } from '../version/compare-versions.ts'
import { parseVersion, type Version } from '../version/parse-version.ts'

/**
 * The most specific key whose series covers the requested version: its release starts with
 * the key's parts (`26.0.7` starts with `26.0`), or equals it (`v1.27`, `1.27.0`). A `v`
 * prefix, a flavor and build metadata take no part. A pre-release is covered only by a key
 * naming that same pre-release: a line's evidence covers its final releases. Since keys are
 * not bases (docs/api.md, "Since keys"): they are laid over the key found here.
 *
 * @example coveringLine(cnpg, 'v1.27.1') // the 1.27 key (not 1, when both exist)
 */
export function coveringLine(
  project: CompiledProject,
  requested: string | Version,
): CompiledVersion | undefined {
  const version = typeof requested === 'string' ? parseVersion(requested) : requested
  if (version === null) return undefined
  let best: CompiledVersion | undefined
  for (const candidate of project.versions) {
    const key = candidate.version
    if (version.pre !== null || key.pre !== null || key.post !== null) {
      if (compareVersions(key, version) === 0 && key.pre !== null) return candidate
      continue
    }
    if (candidate.since) continue
    const covers =
      key.release.length <= version.release.length
        ? compareNumberLists(version.release.slice(0, key.release.length), key.release) === 0
        : compareVersions(key, version) === 0
    if (covers && (best === undefined || key.release.length > best.version.release.length)) {
      best = candidate
    }
  }
  return best
}

/**
 * Whether a since key's line (the key without its last part: `1.27.1` → `1.27`) holds the
 * version: its release starts with the line's parts.
 */
export function lineHolds(sinceKey: CompiledVersion, version: Version): boolean {
  const line = sinceKey.version.release
  for (let index = 0; index < line.length - 1; index++) {
    if ((version.release[index] ?? 0n) !== line[index]) return false
  }
  return true
}
