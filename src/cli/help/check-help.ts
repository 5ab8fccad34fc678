/** `compat check`: its options, as parseArgs reads them, and its help. */
import type { CliOptions, CommandHelp } from './command-help.ts'
import { JSON_ANSWER_OPTION, SERVER_TIMEOUT_OPTION } from './common-options.ts'

export const CHECK_OPTIONS = {
  project: { type: 'string', value: 'P', help: 'project id or alias, e.g. django' },
  version: {
    type: 'string',
    value: 'V',
    help: 'project version: a key of the project document, e.g. 5.1, or with --version-lookup line a release it covers, e.g. 5.1.4',
  },
  data: {
    type: 'string',
    value: 'DIR',
    help: 'check offline against this data directory (default: bundled data)',
  },
  url: {
    type: 'string',
    value: 'URL',
    help: 'ask the compat server at this base URL, e.g. http://127.0.0.1:8080',
  },
  timeout: SERVER_TIMEOUT_OPTION,
  'version-lookup': {
    type: 'string',
    value: 'exact|line',
    help: "offline: exact (default) finds only a key equal to --version; line also answers from the most specific documented line covering it (1.27.1 -> 1.27); default COMPAT_VERSION_LOOKUP, else exact. With --url the server's setting applies.",
  },
  json: JSON_ANSWER_OPTION,
} as const satisfies CliOptions

export const CHECK_HELP: CommandHelp = {
  name: 'check',
  summary: 'Check dependency versions against a project version, offline or on a server',
  usage: `Usage: compat check --project P --version V DEP=VERSION [DEP=VERSION ...]
                    [--data DIR | --url URL] [--timeout SECONDS]
                    [--version-lookup exact|line] [--json]`,
  about: `One DEP=VERSION is the single check (GET /api/v1/check), several are a combination
checked together (POST /api/v1/check), reported in the order given. Offline by default,
on the bundled data or --data DIR; with --url, the server at URL answers.`,
  positionals: [
    [
      'DEP=VERSION',
      "a dependency key of that version and the version to check, e.g. python=3.12.4; split at the first '='",
    ],
  ],
  options: CHECK_OPTIONS,
  after: `Exit codes:
  0  compatible: every dependency matched a documented range or constraint
  1  incompatible: at least one dependency is documented and matched nothing
  2  unknown: nothing is incompatible, but something cannot be decided
  3  usage, network, server or data error (one line on stderr)

Examples:
  compat check --project django --version 5.1 python=3.12.4
  compat check --project django --version 5.1 python=3.12 postgresql=16 --json
  compat check --url https://compat.example.org --project django --version 5.1 python=3.13`,
}
