import { isCalendarDate } from '../../text/is-calendar-date.ts'
import type { Fault } from '../fault.ts'
import { DATE_PATTERN } from '../schema.ts'
import { everySource, evidenceBlocks, lifecycleLines } from '../walk-document.ts'
import type { DocumentRule } from './rule.ts'

// `2026-02-30` has the right shape but is no day; the schema alone cannot tell.
export { isCalendarDate }

const DATE = new RegExp(DATE_PATTERN)

/** lastVerified, accessedAt and every lifecycle date are real calendar dates. */
export const calendarDates: DocumentRule = (document) => {
  const faults: Fault[] = []
  const checkDate = (value: unknown, path: () => readonly (string | number)[]) => {
    if (typeof value === 'string' && DATE.test(value) && !isCalendarDate(value)) {
      faults.push({ path: path(), message: `'${value}' is not a calendar date` })
    }
  }
  for (const { block, path } of evidenceBlocks(document)) {
    checkDate(block.lastVerified, () => [...path, 'lastVerified'])
  }
  for (const { source, path } of everySource(document)) {
    checkDate(source.accessedAt, () => [...path, 'accessedAt'])
  }
  for (const { line, path } of lifecycleLines(document)) {
    for (const field of LIFECYCLE_DATES) checkDate(line[field], () => [...path, field])
  }
  return faults
}

/** The fields of a lifecycle line that hold a date (or another form of an end). */
export const LIFECYCLE_DATES = [
  'released',
  'activeSupportUntil',
  'supportUntil',
  'extendedSupportUntil',
] as const
