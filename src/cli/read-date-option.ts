/**
 * `--date YYYY-MM-DD`: the day support windows are judged on (`lifecycle`, `versions`, `stack`).
 * Offline and with `--url` alike, the answer is about this day: the command sends it, so both
 * sources answer the same. Other options that take a day (`plan --supported-on`) read it alike.
 */
import { dateFault } from '../api/read-date.ts'
import type { CliContext } from './cli-context.ts'
import { usageError } from './cli-error.ts'
import { readToday } from './read-today.ts'

/**
 * `--date` when it is a real calendar date, else a usage error naming it; without it, today
 * (`COMPAT_TODAY`, else the UTC date).
 *
 * @example readDateOption('lifecycle', '2026-02-30', env) // throws: --date '2026-02-30' must be a real date, YYYY-MM-DD
 */
export function readDateOption(
  command: string,
  value: string | undefined,
  env: CliContext['env'],
): string {
  if (value === undefined) return readToday(env)
  return readDayOption(command, 'date', value)
}

/**
 * The value of the option `--<flag>` when it is a real calendar date (YYYY-MM-DD), else a usage
 * error naming that option.
 *
 * @example readDayOption('plan', 'supported-on', '2027-02-29') // throws: --supported-on '2027-02-29' must be a real date, YYYY-MM-DD
 */
export function readDayOption(command: string, flag: string, value: string): string {
  const fault = dateFault(value)
  if (fault !== null) throw usageError(command, `--${flag} '${value}' ${fault}`)
  return value
}
