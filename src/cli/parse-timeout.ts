/** `--timeout SECONDS`: how long to wait for a server or an upstream, in milliseconds. */
import { usageError } from './cli-error.ts'

const MAX_TIMEOUT_SECONDS = 600

export function parseTimeoutMs(
  command: string,
  flag: string | undefined,
  defaultSeconds: number,
): number {
  if (flag === undefined) return defaultSeconds * 1000
  const seconds = Number(flag)
  if (!/^\d+(\.\d+)?$/.test(flag) || seconds <= 0 || seconds > MAX_TIMEOUT_SECONDS) {
    throw usageError(
      command,
      `--timeout '${flag}' must be a number of seconds, above 0 and at most ${MAX_TIMEOUT_SECONDS}`,
    )
  }
  return seconds * 1000
}
