/** `compat stale`: its options, as parseArgs reads them, and its help. */
import type { CliOptions, CommandHelp } from './command-help.ts'
import { DATA_OPTION } from './common-options.ts'

export const STALE_OPTIONS = {
  data: DATA_OPTION,
  'older-than': {
    type: 'string',
    value: 'DAYS',
    help: 'age in days beyond which an entry is stale (default 365)',
  },
  json: { type: 'boolean', help: 'print {"today", "olderThanDays", "entries": [...]} as JSON' },
} as const satisfies CliOptions

export const STALE_HELP: CommandHelp = {
  name: 'stale',
  summary: 'List entries due for re-verification, oldest first',
  usage: `Usage: compat stale [--data DIR] [--older-than DAYS] [--json]`,
  about: `Lists the stale entries: never verified (those first), or verified more than DAYS
days ago, oldest first, with their sources: the maintainers' re-verification
worklist. The web page marks the same entries stale (365 days).`,
  options: STALE_OPTIONS,
  after: `Environment:
  COMPAT_TODAY=YYYY-MM-DD   the date ages are counted to (default: today, UTC)

Exit codes: 0 (also when entries are listed); 3 usage or data error.

Example:
  compat stale --older-than 90`,
}
