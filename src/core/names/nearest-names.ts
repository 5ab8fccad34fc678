/**
 * "Did you mean …?": the known names nearest to one that is not known, for the reasons of
 * unknown projects and dependencies (docs/api.md, "Results"). Near means equal without case
 * and punctuation (`CloudNativePG` → `cloudnative-pg`), one of its dash-separated words
 * (`airflow` → `apache-airflow`), or a few typing slips away (`djngo` → `django`).
 */

const MAX_SUGGESTIONS = 3
// Names longer than this are not compared letter by letter: nobody mistypes them that way,
// and the comparison grows with the product of the lengths.
const MAX_COMPARED_LENGTH = 64

/** Lowercase letters and digits only: `CloudNativePG` and `cloudnative-pg` read alike. */
export function looseName(name: string): string {
  return name.toLowerCase().replace(/[^a-z0-9]/g, '')
}

/**
 * Up to three known names nearest to `name`, nearest first (ties in the order given); none
 * when nothing is near enough to be a likely slip.
 *
 * @example nearestNames('djngo', ['django', 'flask']) // ['django']
 */
export function nearestNames(name: string, known: Iterable<string>): string[] {
  const loose = looseName(name)
  if (loose === '' || name.length > MAX_COMPARED_LENGTH) return []
  // Slips grow with length: one in a short name, two from eight letters on, three from twelve.
  const allowed = loose.length < 8 ? 1 : loose.length < 12 ? 2 : 3
  const scored: { name: string; score: number; order: number }[] = []
  let order = 0
  for (const candidate of known) {
    order++
    if (candidate === name || candidate.length > MAX_COMPARED_LENGTH) continue
    const score = nearness(loose, candidate, allowed)
    if (score !== null) scored.push({ name: candidate, score, order })
  }
  scored.sort((a, b) => a.score - b.score || a.order - b.order)
  return [...new Set(scored.map((entry) => entry.name))].slice(0, MAX_SUGGESTIONS)
}

/** 0 for the same loose name, 1 for a whole word of it, 1 + slips for a slip; null: not near. */
function nearness(loose: string, candidate: string, allowed: number): number | null {
  const other = looseName(candidate)
  if (other === loose) return 0
  const words = candidate.toLowerCase().split(/[^a-z0-9]+/)
  if (loose.length >= 3 && words.length > 1 && words.includes(loose)) return 1
  const slips = editDistance(loose, other, allowed)
  return slips <= allowed ? 1 + slips : null
}

/**
 * Insertions, deletions, substitutions and swaps of neighbours (optimal string alignment),
 * stopping as soon as the distance must exceed `limit`: anything beyond it is `limit + 1`.
 *
 * @example editDistance('djngo', 'django', 2) // 1
 */
export function editDistance(a: string, b: string, limit: number): number {
  if (Math.abs(a.length - b.length) > limit) return limit + 1
  let before = new Array<number>(b.length + 1).fill(0)
  let previous = Array.from({ length: b.length + 1 }, (_, index) => index)
  for (let i = 1; i <= a.length; i++) {
    const current = [i]
    let rowMin = i
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1
      let value = Math.min(
        (previous[j] as number) + 1,
        (current[j - 1] as number) + 1,
        (previous[j - 1] as number) + cost,
      )
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) {
        value = Math.min(value, (before[j - 2] as number) + 1)
      }
      current.push(value)
      if (value < rowMin) rowMin = value
    }
    if (rowMin > limit) return limit + 1
    before = previous
    previous = current
  }
  return Math.min(previous[b.length] as number, limit + 1)
}

/** `"a"`, `"a" or "b"`, `"a", "b" or "c"`: names quoted for a sentence. */
export function quotedAlternatives(names: readonly string[]): string {
  const quoted = names.map((name) => `"${name}"`)
  return quoted.length <= 1
    ? (quoted[0] ?? '')
    : `${quoted.slice(0, -1).join(', ')} or ${quoted[quoted.length - 1]}`
}
