/** `compat readiness`: its options, as parseArgs reads them, and its help. */
import type { CliOptions, CommandHelp } from './command-help.ts'
import { JSON_ANSWER_OPTION, timeoutOption } from './common-options.ts'

export const READINESS_OPTIONS = {
  from: {
    type: 'string',
    multiple: true,
    value: 'FILE',
    help: 'a lockfile, SBOM or requirements file; repeatable',
  },
  target: {
    type: 'string',
    value: 'NAME=VERSION',
    help: 'what to take: nodejs (or node) or python, or a package of the files, e.g. nodejs=24, react=19.0.0, python=3.13, django=5.2 (npm: 24 and 24.1 read as 24.0.0 and 24.1.0)',
  },
  offline: {
    type: 'boolean',
    help: 'read no registry over the network: the files, and registry answers kept in the cache ($XDG_CACHE_HOME/compat/registry); nothing is proposed to move to',
  },
  date: {
    type: 'string',
    value: 'YYYY-MM-DD',
    help: 'the day support is judged on (default: today in UTC, or COMPAT_TODAY)',
  },
  data: {
    type: 'string',
    value: 'DIR',
    help: 'the catalogue the target and its release lines are read from (default: bundled data)',
  },
  timeout: timeoutOption('each registry answer', 15),
  json: JSON_ANSWER_OPTION,
} as const satisfies CliOptions

export const READINESS_HELP: CommandHelp = {
  name: 'readiness',
  summary: 'Can every package of a dependency tree take a runtime or package version?',
  usage: `Usage: compat readiness --from FILE [--from FILE ...] --target NAME=VERSION
                       [--offline] [--date YYYY-MM-DD] [--data DIR]
                       [--timeout SECONDS] [--json]`,
  about: `Reads every package of the files and what each declares for the target: npm
engines.node for nodejs, peerDependencies[NAME] for an npm package; Requires-Python
for python, the Requires-Dist entry naming NAME for a PyPI package. A lockfile that
records it is read as it is (package-lock.json and npm-shrinkwrap.json v2/v3,
pnpm-lock.yaml 9, poetry.lock, pylock.toml); for the rest (an SBOM, requirements.txt,
uv.lock) the registry npm or pip is configured for is asked, at each package's exact
version. Judged by the ecosystem's own rules (node-semver without pre-releases for
npm, PEP 440 for Python). Prints what blocks, each blocker's lowest and newest release
that admits the target, the range every package admits, for a runtime the newest
supported release line inside it, and a one-line verdict (POST /api/v1/readiness
answers the same).`,
  options: READINESS_OPTIONS,
  after: `Environment:
  npm_config_registry, .npmrc   the npm registry, as npm itself is configured
  COMPAT_PYPI_URL, PIP_INDEX_URL
                     PyPI's JSON API (a …/simple index has it at …/pypi)
  XDG_CACHE_HOME     where registry answers are kept (default ~/.cache)
  COMPAT_TODAY=YYYY-MM-DD   today, when --date is not given (default: today, UTC)

Exit codes:
  0  ready: no package declares a range that excludes the target
  1  blocked: at least one does
  3  usage, file or data error: a file that cannot be read or breaks its format,
     a target that is neither a runtime nor a package of the files (with the
     nearest names), or a version that is none

Examples:
  compat readiness --from package-lock.json --target nodejs=24
  compat readiness --from pnpm-lock.yaml --target react=19.0.0
  compat readiness --from poetry.lock --target python=3.13 --offline
  compat readiness --from sbom.cdx.json --target node=22 --json`,
}
