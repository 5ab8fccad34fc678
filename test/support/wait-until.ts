/**
 * Waiting for a state that no event announces (an nginx cache entry expiring, a sampler having
 * run): check it again and again, and fail, naming what never happened, after a bound that is
 * a guard against hanging, never a measure of speed.
 */

export interface WaitOptions {
  /** Milliseconds between two checks. */
  readonly everyMs?: number
  /** Checks before giving up. */
  readonly attempts?: number
}

/**
 * The first value of `probe` that `holds` accepts (by default, any truthy value); throws an
 * error naming `what` when none does within the attempts.
 */
export async function waitUntil<T>(
  what: string,
  probe: () => T | Promise<T>,
  holds: (value: T) => boolean = Boolean,
  { everyMs = 50, attempts = 600 }: WaitOptions = {},
): Promise<T> {
  let last: T | undefined
  for (let attempt = 0; attempt < attempts; attempt++) {
    last = await probe()
    if (holds(last)) return last
    await new Promise((resolve) => setTimeout(resolve, everyMs))
  }
  throw new Error(`never happened: ${what} (last seen: ${describe(last)})`)
}

function describe(value: unknown): string {
  try {
    return JSON.stringify(value)?.slice(0, 500) ?? String(value)
  } catch {
    return String(value)
  }
}
