/** `compat scan`: its options, as parseArgs reads them, and its help. */
import type { CliOptions, CommandHelp } from './command-help.ts'
import { DATA_OPTION } from './common-options.ts'

export const SCAN_OPTIONS = {
  date: {
    type: 'string',
    value: 'YYYY-MM-DD',
    help: 'the day to judge support on (default: today in UTC, or COMPAT_TODAY)',
  },
  'fail-on': {
    type: 'string',
    value: 'RULES',
    help: 'rules whose problems exit 1, comma-separated, or none (default end-of-life,incompatible)',
  },
  format: {
    type: 'string',
    value: 'FORMAT',
    help: 'text (default), json, or sarif (SARIF 2.1.0, for GitHub code scanning)',
  },
  json: { type: 'boolean', help: 'the same as --format json' },
  plan: {
    type: 'boolean',
    help: 'also print the path, one step at a time, from the pins past their end of life to a stack supported on the day',
  },
  offline: {
    type: 'boolean',
    help: 'read nothing from the network (a scan never does; accepted so that CI lines shared with compat readiness work)',
  },
  data: DATA_OPTION,
} as const satisfies CliOptions

export const SCAN_HELP: CommandHelp = {
  name: 'scan',
  summary: 'What a repository runs on, from its files: support and compatibility at file:line',
  usage: `Usage: compat scan [DIR] [--date YYYY-MM-DD] [--fail-on RULES]
                  [--format text|json|sarif] [--json] [--plan] [--offline]
                  [--data DIR]`,
  about: `Walks the folder DIR (default .) — never .git, node_modules or vendored folders,
nor what .gitignore ignores — and reads what the repository says it runs on:
Dockerfiles and Containerfiles (FROM, with ARG defaults and stages), compose
files (image:), .nvmrc, .node-version, .python-version, .tool-versions, mise.toml,
runtime.txt, package.json (engines, volta), pyproject.toml (requires-python),
GitHub workflows (setup-node and setup-python versions, their matrices, job
containers and services), .gitlab-ci.yml images, Chart.yaml (kubeVersion), and
lockfiles, requirements files and SBOMs. Each finding is matched to a catalogued
project (images by their package URL: node is nodejs) and judged on the day at
its file and line; a range by the oldest release line it admits.

Problems, by rule:
  end-of-life               a pinned version past its end of life (error)
  incompatible              two pinned versions documented incompatible, at
                            both ends (error)
  security-only             a pinned version on security fixes only (warning)
  range-admits-end-of-life  a range whose oldest line is past its end of life
                            (warning)
  unknown-version           a catalogued image or tool with no readable
                            version: latest, lts, a digest alone (note)`,
  positionals: [['DIR', 'the folder to scan (default .); locations are relative to it']],
  options: SCAN_OPTIONS,
  after: `Exit codes:
  0  no problem of a --fail-on rule
  1  a problem of a --fail-on rule was found
  3  usage error, DIR is not a folder, or data error (one line on stderr)

Examples:
  compat scan
  compat scan services/api --date 2027-01-01 --fail-on end-of-life,security-only
  compat scan --format sarif > compat.sarif
  compat scan --plan`,
}
