import { rememberedByText } from '../../remembered-by-text.ts'
import type { Fault } from '../fault.ts'
import { DATE_PATTERN } from '../schema.ts'
import { dependencyEntries, isRecord } from '../walk-document.ts'
import type { DocumentRule } from './rule.ts'

const DATE = new RegExp(DATE_PATTERN)

/** `2026-02-30` has the right shape but is no day; the schema alone cannot tell. */
export const isCalendarDate = rememberedByText(judgeDate)

function judgeDate(text: string): boolean {
  if (!DATE.test(text)) return false
  const date = new Date(`${text}T00:00:00Z`)
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(text)
}

/** lastVerified and accessedAt are real calendar dates. */
export const calendarDates: DocumentRule = (document) => {
  const faults: Fault[] = []
  const checkDate = (value: unknown, path: () => (string | number)[]) => {
    if (typeof value === 'string' && DATE.test(value) && !isCalendarDate(value)) {
      faults.push({ path: path(), message: `'${value}' is not a calendar date` })
    }
  }
  for (const { entry, path } of dependencyEntries(document)) {
    checkDate(entry.lastVerified, () => [...path, 'lastVerified'])
    if (!Array.isArray(entry.sources)) continue
    entry.sources.forEach((source, index) => {
      if (isRecord(source)) {
        checkDate(source.accessedAt, () => [...path, 'sources', index, 'accessedAt'])
      }
    })
  }
  return faults
}
