/** Whether a `YYYY-MM-DD` text names a real day: the schema's pattern cannot tell `2026-02-30`. */
import { rememberedByText } from '../remembered-by-text.ts'

// The schema's DATE_PATTERN, written out: the site's script bundles this file, not the schema.
const DATE = /^\d{4}-\d{2}-\d{2}$/

/** @example isCalendarDate('2026-02-30') // false */
export const isCalendarDate = rememberedByText(judgeDate)

function judgeDate(text: string): boolean {
  if (!DATE.test(text)) return false
  const date = new Date(`${text}T00:00:00Z`)
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(text)
}
