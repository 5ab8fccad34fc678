/** `compat versions`: its options, as parseArgs reads them, and its help. */
import type { CliOptions, CommandHelp } from './command-help.ts'
import {
  JSON_ANSWER_OPTION,
  OFFLINE_DATA_OPTION,
  SERVER_TIMEOUT_OPTION,
  SUPPORT_DAY_OPTION,
  URL_OPTION,
} from './common-options.ts'

export const VERSIONS_OPTIONS = {
  project: { type: 'string', value: 'P', help: 'project id or alias, e.g. cnpg' },
  date: SUPPORT_DAY_OPTION,
  data: OFFLINE_DATA_OPTION,
  url: URL_OPTION,
  timeout: SERVER_TIMEOUT_OPTION,
  json: JSON_ANSWER_OPTION,
} as const satisfies CliOptions

export const VERSIONS_HELP: CommandHelp = {
  name: 'versions',
  summary: 'Which versions of a project fit your dependency versions, and the newest that does',
  usage: `Usage: compat versions --project P DEP=VERSION [DEP=VERSION ...]
                      [--date YYYY-MM-DD] [--data DIR | --url URL]
                      [--timeout SECONDS] [--json]`,
  about: `Judges every documented version of project P against the dependency versions given
(GET /api/v1/projects/P/versions), newest first, each as a combination check; a since
key is judged with its line's key under it. Each version also shows its release
line's support on the day, and the summary names the newest compatible version that
is still supported. A dependency may be named by any name of the project it links to
(k8s for kubernetes). Offline by default, on the bundled data or --data DIR; with
--url, the server at URL answers.`,
  positionals: [['DEP=VERSION', 'a dependency and the version you run, e.g. kubernetes=1.34.1']],
  options: VERSIONS_OPTIONS,
  after: `Environment:
  COMPAT_TODAY=YYYY-MM-DD   today, when --date is not given (default: today, UTC)

Exit codes (support never changes them):
  0  a final (not pre-release) version is compatible: the newest is printed
  1  no version is compatible, and at least one is incompatible
  2  otherwise: nothing is compatible, and the evidence cannot decide
  3  usage, network, server or data error, or an unknown project (one line on stderr)

Examples:
  compat versions --project cnpg kubernetes=1.34.1 postgresql=18.1
  compat versions --project django python=3.14 --json`,
}
