/** Today's date for commands that count ages or stamp what they read. */
import { utcDate } from '../core/evidence/is-stale.ts'
import type { CliContext } from './cli-context.ts'
import { CliError } from './cli-error.ts'

/**
 * Today's date (UTC), or COMPAT_TODAY=YYYY-MM-DD so that tests and reports can fix "today".
 * Read here and nowhere else.
 */
export function readToday(env: CliContext['env']): string {
  const fixed = env.COMPAT_TODAY
  if (fixed === undefined || fixed === '') return utcDate(new Date())
  const time = Date.parse(fixed)
  if (
    !/^\d{4}-\d{2}-\d{2}$/.test(fixed) ||
    Number.isNaN(time) ||
    new Date(time).toISOString().slice(0, 10) !== fixed
  ) {
    throw new CliError(`COMPAT_TODAY '${fixed}' is not a date; write it as YYYY-MM-DD, or unset it`)
  }
  return fixed
}
