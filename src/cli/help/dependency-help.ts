/** `compat dependency`: its options, as parseArgs reads them, and its help. */
import type { CliOptions, CommandHelp } from './command-help.ts'
import {
  JSON_ANSWER_OPTION,
  OFFLINE_DATA_OPTION,
  SERVER_TIMEOUT_OPTION,
  URL_OPTION,
} from './common-options.ts'

export const DEPENDENCY_OPTIONS = {
  version: {
    type: 'string',
    value: 'V',
    help: 'the dependency version to judge every entry against, e.g. 18',
  },
  data: OFFLINE_DATA_OPTION,
  url: URL_OPTION,
  timeout: SERVER_TIMEOUT_OPTION,
  json: JSON_ANSWER_OPTION,
} as const satisfies CliOptions

export const DEPENDENCY_HELP: CommandHelp = {
  name: 'dependency',
  summary: 'Who documents a dependency, and who supports a version of it',
  usage: `Usage: compat dependency KEY [--version V] [--data DIR | --url URL]
                        [--timeout SECONDS] [--json]`,
  about: `Lists every entry, across all projects, that documents the dependency KEY
(GET /api/v1/dependencies/KEY): entries keyed KEY, and entries keyed by another name
of the catalogued project KEY links to (postgres finds postgresql). With --version,
each entry also gets its verdict for that version, as a single check would give it.`,
  positionals: [['KEY', "a dependency key or a project's id or alias, e.g. postgresql"]],
  options: DEPENDENCY_OPTIONS,
  after: `Exit codes:
  0  answered (whatever the verdicts)
  3  usage, network, server or data error, or no entry documents KEY (one line on
     stderr, with the nearest keys)

Examples:
  compat dependency postgresql --version 18
  compat dependency k8s --version 1.35 --json`,
}
