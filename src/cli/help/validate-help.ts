/** `compat validate`: its options, as parseArgs reads them, and its help. */
import type { CliOptions, CommandHelp } from './command-help.ts'
import { DATA_OPTION } from './common-options.ts'

export const VALIDATE_OPTIONS = {
  data: DATA_OPTION,
} as const satisfies CliOptions

export const VALIDATE_HELP: CommandHelp = {
  name: 'validate',
  summary: 'Validate a data directory; print every fault as FILE:LINE:COLUMN: message',
  usage: `Usage: compat validate [--data DIR]`,
  about: `Validates every project file of a data directory with the rules the server applies
before it serves data, and prints each fault as FILE:LINE:COLUMN: path: message,
then a summary line.`,
  options: VALIDATE_OPTIONS,
  after: `Exit codes:
  0  the data is valid
  1  the data has faults
  3  usage error, or DIR is not a directory

Example:
  compat validate --data ./data/projects`,
}
