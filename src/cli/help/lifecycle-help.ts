/** `compat lifecycle`: its options, as parseArgs reads them, and its help. */
import type { CliOptions, CommandHelp } from './command-help.ts'
import {
  JSON_ANSWER_OPTION,
  OFFLINE_DATA_OPTION,
  SERVER_TIMEOUT_OPTION,
  URL_OPTION,
} from './common-options.ts'

export const LIFECYCLE_OPTIONS = {
  date: {
    type: 'string',
    value: 'YYYY-MM-DD',
    help: 'the day to judge on (default: today in UTC, or COMPAT_TODAY); sent to the server with --url',
  },
  data: OFFLINE_DATA_OPTION,
  url: URL_OPTION,
  timeout: SERVER_TIMEOUT_OPTION,
  json: JSON_ANSWER_OPTION,
} as const satisfies CliOptions

export const LIFECYCLE_HELP: CommandHelp = {
  name: 'lifecycle',
  summary: 'Which release lines of a project are supported on a day, and until when',
  usage: `Usage: compat lifecycle PROJECT [--date YYYY-MM-DD] [--data DIR | --url URL]
                       [--timeout SECONDS] [--json]`,
  about: `Lists every release line of project PROJECT (GET /api/v1/projects/PROJECT/lifecycle),
newest first: when it came out, the last day of active support (bug fixes beyond
security fixes) and of any support (after it, the line is end of life), and where it
stands on the day: supported, security fixes only, end of life or not released yet,
with the days left. A date reads 'ongoing' when no end is announced and 'ended (no
date)' when it ended on a day not published. Offline by default, on the bundled data or
--data DIR; with --url, the server at URL answers.`,
  positionals: [['PROJECT', 'a project id or alias, e.g. kubernetes']],
  options: LIFECYCLE_OPTIONS,
  after: `Environment:
  COMPAT_TODAY=YYYY-MM-DD   today, when --date is not given (default: today, UTC)

Exit codes:
  0  answered (a project without lifecycle data answers with no lines)
  3  usage, network, server or data error, or an unknown project (one line on stderr)

Examples:
  compat lifecycle kubernetes
  compat lifecycle django --date 2027-06-30 --json`,
}
