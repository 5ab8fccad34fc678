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
  /** Candidates by their loose name, and by each of their words: the near ones of any length. */
  readonly #byLoose = new Map<string, Candidate[]>()
  readonly #byWord = new Map<string, Candidate[]>()
  /**
   * Candidates by the length of their loose name: a slip changes the length by one at most,
   * so a name is compared letter by letter only with names of lengths within its slips (a file
   * of 400,000 unknown names asks this 400,000 times).
   */
  readonly #byLength: Candidate[][] = []

  constructor(known: Iterable<string>) {
    const names: Candidate[] = []
    for (const name of known) {
      if (name.length > MAX_COMPARED_LENGTH) continue
      const words = name.toLowerCase().split(/[^a-z0-9]+/)
      const loose = looseName(name)
      const candidate = {
        name,
        order: names.length,
        loose,
        words: words.length > 1 ? words : [],
        letters: letterCounts(loose),
      }
      names.push(candidate)
      listIn(this.#byLoose, loose).push(candidate)
      for (const word of new Set(candidate.words)) listIn(this.#byWord, word).push(candidate)
      const sameLength = this.#byLength[loose.length] ?? []
      sameLength.push(candidate)
      this.#byLength[loose.length] = sameLength
    }
    this.#names = names
  }

  /** Up to three known names nearest to `name`, nearest first (ties in the order given). */
  nearest(name: string): string[] {
    const loose = looseName(name)
    if (loose === '' || name.length > MAX_COMPARED_LENGTH || this.#names.length === 0) return []
    // Slips grow with length: one in a short name, two from eight letters on, three from twelve.
    const allowed = loose.length < 8 ? 1 : loose.length < 12 ? 2 : 3
    const letters = letterCounts(loose)
    // Each candidate's best score: the same loose name (0), a whole word of it (1), slips.
    const scores = new Map<Candidate, number>()
    const score = (candidate: Candidate, value: number) => {
      if (candidate.name === name) return
      const known = scores.get(candidate)
      if (known === undefined || value < known) scores.set(candidate, value)
    }
    for (const candidate of this.#byLoose.get(loose) ?? []) score(candidate, 0)
    if (loose.length >= 3)
      for (const candidate of this.#byWord.get(loose) ?? []) score(candidate, 1)
    const shortest = Math.max(0, loose.length - allowed)
    for (let length = shortest; length <= loose.length + allowed; length++) {
      for (const candidate of this.#byLength[length] ?? []) {
        if (scores.has(candidate) || bagDistance(letters, candidate.letters, allowed) > allowed)
          continue
        const slips = editDistance(loose, candidate.loose, allowed)
        if (slips <= allowed) score(candidate, 1 + slips)
      }
    }
    const scored = [...scores].sort(([a, left], [b, right]) => left - right || a.order - b.order)
    return [...new Set(scored.map(([candidate]) => candidate.name))].slice(0, MAX_SUGGESTIONS)
  }
}

function listIn<T>(map: Map<string, T[]>, key: string): T[] {
  let list = map.get(key)
  if (list === undefined) {
    list = []
    map.set(key, list)
  }
  return list
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
  /** Its place in the names given: ties keep that order. */
  readonly order: number
  readonly loose: string
  readonly words: readonly string[]
  readonly letters: Uint8Array
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
 * A lower bound of the edit distance that costs a pass over 36 counts at most: the letters one
 * name has more of than the other, whichever side has more (each slip changes at most one of
 * each). The pass stops once the bound is past `limit`.
 */
function bagDistance(a: Uint8Array, b: Uint8Array, limit: number): number {
  let more = 0
  let fewer = 0
  for (let slot = 0; slot < 36; slot++) {
    const difference = (a[slot] as number) - (b[slot] as number)
    if (difference > 0) more += difference
    else fewer -= difference
    if (more > limit || fewer > limit) break
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
