/** The total order of docs/api.md, "Versions": release, then stage, then post-release; flavor and build ignored. */
import { type PreRelease, RELEASE_RANK, STAGE_RANK, type Version } from './parse-version.ts'

export type Ordering = -1 | 0 | 1

/** Compares two parsed versions. `compareVersions(a, b) === 0` is version equality. */
export function compareVersions(a: Version, b: Version): Ordering {
  return (
    compareNumberLists(a.release, b.release) ||
    comparePre(a.pre, b.pre) ||
    compareNullableNumbers(a.post, b.post)
  )
}

/** Compares numerically with the shorter list padded by zeros: `3.9` = `3.9.0`. */
export function compareNumberLists(a: readonly bigint[], b: readonly bigint[]): Ordering {
  const length = Math.max(a.length, b.length)
  for (let index = 0; index < length; index++) {
    const left = a[index] ?? 0n
    const right = b[index] ?? 0n
    if (left !== right) return left < right ? -1 : 1
  }
  return 0
}

function comparePre(a: PreRelease | null, b: PreRelease | null): Ordering {
  const rankA = a === null ? RELEASE_RANK : STAGE_RANK[a.stage]
  const rankB = b === null ? RELEASE_RANK : STAGE_RANK[b.stage]
  if (rankA !== rankB) return rankA < rankB ? -1 : 1
  if (a === null || b === null) return 0
  return compareNumberLists(a.numbers, b.numbers)
}

/** No post-release sorts before any post-release. */
function compareNullableNumbers(a: bigint | null, b: bigint | null): Ordering {
  if (a === b) return 0
  if (a === null) return -1
  if (b === null) return 1
  return a < b ? -1 : 1
}
