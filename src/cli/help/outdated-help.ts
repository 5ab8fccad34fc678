/** `compat outdated`: its options, as parseArgs reads them, and its help. */
import type { CliOptions, CommandHelp } from './command-help.ts'
import { DATA_OPTION, timeoutOption } from './common-options.ts'

export const OUTDATED_OPTIONS = {
  data: DATA_OPTION,
  timeout: timeoutOption('each upstream answer', 30),
  json: { type: 'boolean', help: 'print {"readAt", "projects": [...], "endOfLifeLines": [...]}' },
} as const satisfies CliOptions

export const OUTDATED_HELP: CommandHelp = {
  name: 'outdated',
  summary: 'List upstream releases the data lacks, and documented lines past their end of life',
  usage: `Usage: compat outdated [PROJECT...] [--data DIR] [--timeout SECONDS] [--json]`,
  about: `Reads where each project publishes its releases (its document's upstream: GitHub
tags, an npm package, a PyPI project or a Helm chart) and lists, per project, the
newest documented key, the newest release, every release line newer than the
documentation, and the lines inside the documented span that have no key (a line's
evidence can differ from its neighbours'). Without PROJECT, every project with an
upstream is read. An upstream that cannot be read is reported for its project; the
others are still read.

From the data alone, for projects with lifecycle data (without PROJECT, all of them):
each documented line (one a version key falls in) that is end of life today while a
newer documented line is still supported: one sentence a project naming those lines,
the newest one's last day, and the newer supported lines (--json: every line).`,
  positionals: [['PROJECT', 'a project id or alias (several may be given)']],
  options: OUTDATED_OPTIONS,
  after: `Environment:
  GITHUB_API_URL     GitHub's REST API (default: the public API; GitHub's runners set it)
  GITHUB_TOKEN       a token, for GitHub's larger rate limit
  npm_config_registry, .npmrc   the npm registry, as npm itself is configured
  COMPAT_PYPI_URL    PyPI's JSON API root (default: pip's configured index)
  COMPAT_TODAY       today, YYYY-MM-DD, for support windows (default: today, UTC)

Exit codes (end-of-life lines never change them):
  0  every release line is documented
  1  some release lines are not (listed)
  3  usage or data error, or an upstream could not be read (the rest still listed)

Example:
  compat outdated cert-manager cnpg`,
}
