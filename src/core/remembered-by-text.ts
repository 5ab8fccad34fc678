/**
 * `judge`, remembering its answer for each text: data files repeat the same dates, URLs and
 * ranges on thousands of entries. The memory is bounded and starts over when full, so a
 * stream of distinct texts costs no more than judging each.
 */
export function rememberedByText<T>(
  judge: (text: string) => T,
  bound = 10_000,
): (text: string) => T {
  const known = new Map<string, T>()
  return (text) => {
    let answer = known.get(text)
    if (answer === undefined) {
      answer = judge(text)
      if (known.size >= bound) known.clear()
      known.set(text, answer)
    }
    return answer
  }
}
