/** `compat refresh`: its options, as parseArgs reads them, and its help. */
import type { CliOptions, CommandHelp } from './command-help.ts'
import { timeoutOption } from './common-options.ts'

export const REFRESH_OPTIONS = {
  data: {
    type: 'string',
    value: 'DIR',
    help: 'the data directory to refresh (default: the bundled data/projects)',
  },
  'dry-run': { type: 'boolean', help: 'read and report, write nothing' },
  timeout: timeoutOption('each registry answer', 60),
} as const satisfies CliOptions

export const REFRESH_HELP: CommandHelp = {
  name: 'refresh',
  summary:
    "Bring every registry-backed project up to its registry: import new releases' packaging metadata, write what changed",
  usage: `Usage: compat refresh [PROJECT...] [--data DIR] [--dry-run] [--timeout SECONDS]`,
  about: `For every project whose upstream is a package registry (npm, PyPI, a Helm repository)
and whose document has entries imported from it: reads the registry's packaging
metadata (engines.node and peerDependencies, requires_python, a chart's kubeVersion),
imports it as compat import would, and writes the project file only when its text
changes. New releases are cited as the file's imported entries already cite theirs:
at the release's commit when the registry names one, else at its tag in the form the
neighbouring releases use (v{version}, {version}, pkg@{version}, ...). An imported
entry whose facts did not change is left as written (its citation and dates too);
hand-written entries are never touched. The result is validated before it is written.

Then, per project, the release lines upstream that no key covers: lines newer than
every key (with the day their first release was published), and why no key was
written (their releases declare nothing the importer reads, or a declaration was left
out). Projects whose releases are GitHub tags, or that were never imported, are listed
as not refreshed: compat outdated reads those.`,
  positionals: [
    [
      'PROJECT',
      'a project id or alias (several may be given; default: every project with an npm, pypi or helm upstream)',
    ],
  ],
  options: REFRESH_OPTIONS,
  after: `Environment:
  npm_config_registry, .npmrc   the npm registry, as npm itself is configured
  COMPAT_PYPI_URL    PyPI's JSON API root (default: pip's configured index)
  COMPAT_TODAY       today, YYYY-MM-DD: the read date written, and the 21-day rule

Exit codes:
  0  every release line newer than the documentation is less than 21 days old
  1  a release line released more than 21 days ago still has no key (listed)
  3  usage or data error, or a registry could not be read or a result would not
     validate (that project is not written; the others are)

Examples:
  compat refresh
  compat refresh vite eslint --dry-run`,
}
