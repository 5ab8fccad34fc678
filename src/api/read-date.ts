/** The `date` a support question is asked for (docs/api.md, "Support windows"). */
import { isCalendarDate } from '../core/dataset/rules/calendar-dates.ts'

/**
 * What is wrong with a `date` value, or null when it is a real calendar date, YYYY-MM-DD.
 *
 * @example dateFault('2026-02-30') // 'must be a real date, YYYY-MM-DD'
 */
export function dateFault(value: string): string | null {
  return isCalendarDate(value) ? null : 'must be a real date, YYYY-MM-DD'
}
