/** Which release line of a lifecycle block a version belongs to. */
import type { Lifecycle, LifecycleLine } from '../dataset/schema.ts'
import { compareNumberLists } from '../version/compare-versions.ts'
import { parseVersion, type Version } from '../version/parse-version.ts'

export interface FoundLine {
  readonly key: string
  readonly line: LifecycleLine
}

/**
 * The most specific line whose series covers the version: its release starts with the line's
 * parts (`1.34.2` → `1.34`, not `1`). A `v` prefix, a flavor, a pre-release, build metadata
 * and vendor suffixes take no part (`v1.34.2-eks-1`, `1.34.2+k3s1` → `1.34`): a line's window
 * is its releases'. Null when no line covers it, or the text is no version.
 *
 * @example findLifecycleLine(kubernetes.lifecycle, 'v1.34.2')?.key // '1.34'
 */
export function findLifecycleLine(lifecycle: Lifecycle, requested: string): FoundLine | null {
  const version = parseVersion(requested)
  if (version === null) return null
  let best: { key: string; line: LifecycleLine; version: Version } | null = null
  for (const [key, line] of Object.entries(lifecycle.lines)) {
    const lineVersion = parseVersion(key)
    if (lineVersion === null || lineVersion.release.length > version.release.length) continue
    const prefix = version.release.slice(0, lineVersion.release.length)
    if (compareNumberLists(prefix, lineVersion.release) !== 0) continue
    if (best === null || lineVersion.release.length > best.version.release.length) {
      best = { key, line, version: lineVersion }
    }
  }
  return best === null ? null : { key: best.key, line: best.line }
}
