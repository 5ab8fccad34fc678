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
 * Known names read once for many questions: each one's loose form and words are worked out
 * when the list is made, not again for every unknown name asked about (a stack of 32 unknown
 * names asks 32 times).
 *
 * @example new NameList(['django', 'flask']).nearest('djngo') // ['django']
 */
export class NameList {
  readonly #names: readonly Candidate[]

  constructor(known: Iterable<string>) {
    const names: Candidate[] = []
    for (const name of known) {
      if (name.length > MAX_COMPARED_LENGTH) continue
      const words = name.toLowerCase().split(/[^a-z0-9]+/)
      const loose = looseName(name)
      names.push({
        name,
        loose,
        words: words.length > 1 ? words : [],
        letters: letterCounts(loose),
      })
    }
    this.#names = names
  }

  /** Up to three known names nearest to `name`, nearest first (ties in the order given). */
  nearest(name: string): string[] {
    const loose = looseName(name)
    if (loose === '' || name.length > MAX_COMPARED_LENGTH) return []
    // Slips grow with length: one in a short name, two from eight letters on, three from twelve.
    const allowed = loose.length < 8 ? 1 : loose.length < 12 ? 2 : 3
    const letters = letterCounts(loose)
    const scored: { name: string; score: number; order: number }[] = []
    this.#names.forEach((candidate, order) => {
      if (candidate.name === name) return
      const score = nearness(loose, letters, candidate, allowed)
      if (score !== null) scored.push({ name: candidate.name, score, order })
    })
    scored.sort((a, b) => a.score - b.score || a.order - b.order)
    return [...new Set(scored.map((entry) => entry.name))].slice(0, MAX_SUGGESTIONS)
  }
}

/**
 * Up to three known names nearest to `name`, nearest first (ties in the order given); none
 * when nothing is near enough to be a likely slip.
 *
 * @example nearestNames('djngo', ['django', 'flask']) // ['django']
 */
export function nearestNames(name: string, known: Iterable<string>): string[] {
  return new NameList(known).nearest(name)
}

interface Candidate {
  readonly name: string
  readonly loose: string
  readonly words: readonly string[]
  readonly letters: Uint8Array
}

/** 0 for the same loose name, 1 for a whole word of it, 1 + slips for a slip; null: not near. */
function nearness(
  loose: string,
  letters: Uint8Array,
  candidate: Candidate,
  allowed: number,
): number | null {
  if (candidate.loose === loose) return 0
  if (loose.length >= 3 && candidate.words.includes(loose)) return 1
  if (Math.abs(candidate.loose.length - loose.length) > allowed) return null
  if (bagDistance(letters, candidate.letters) > allowed) return null
  const slips = editDistance(loose, candidate.loose, allowed)
  return slips <= allowed ? 1 + slips : null
}

/** How often each of a-z and 0-9 occurs in a loose name. */
function letterCounts(loose: string): Uint8Array {
  const counts = new Uint8Array(36)
  for (let index = 0; index < loose.length; index++) {
    const code = loose.charCodeAt(index)
    const slot = code >= 97 ? code - 97 : code - 48 + 26
    counts[slot] = ((counts[slot] as number) + 1) & 0xff
  }
  return counts
}

/**
 * A lower bound of the edit distance that costs a pass over 36 counts: the letters one name
 * has more of than the other, whichever side has more (each slip changes at most one of each).
 */
function bagDistance(a: Uint8Array, b: Uint8Array): number {
  let more = 0
  let fewer = 0
  for (let slot = 0; slot < 36; slot++) {
    const difference = (a[slot] as number) - (b[slot] as number)
    if (difference > 0) more += difference
    else fewer -= difference
  }
  return Math.max(more, fewer)
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
