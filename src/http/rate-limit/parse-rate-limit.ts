/** `COMPAT_RATE_LIMIT`: how many requests one client may make per second, minute or hour. */

export interface RateLimitSetting {
  /** Requests allowed in one window. */
  readonly limit: number
  readonly windowSeconds: number
}

const WINDOW_SECONDS: Readonly<Record<string, number>> = { second: 1, minute: 60, hour: 3600 }

/**
 * @example parseRateLimit('1200/minute') // { limit: 1200, windowSeconds: 60 }
 * @example parseRateLimit('fast') // { error: "…" }
 */
export function parseRateLimit(text: string): RateLimitSetting | { error: string } {
  const match = /^(\d{1,9})\/(second|minute|hour)$/.exec(text.trim())
  const limit = Number(match?.[1])
  if (match === null || limit < 1) {
    return {
      error: `COMPAT_RATE_LIMIT must be a number of requests per second, minute or hour, such as 1200/minute; got '${text}'`,
    }
  }
  return { limit, windowSeconds: WINDOW_SECONDS[match[2] as string] as number }
}

/** How a window is named in `COMPAT_RATE_LIMIT` and in a refusal: `minute` for 60. */
export function windowName(seconds: number): string {
  const named = Object.keys(WINDOW_SECONDS).find((name) => WINDOW_SECONDS[name] === seconds)
  return named ?? `${seconds} seconds`
}
