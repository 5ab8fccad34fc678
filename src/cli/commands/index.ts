/**
 * The commands of `compat`, with their help. Modules load only when their command runs, so
 * `--help` answers without loading the data layer or the server.
 */
import type { RunCommand } from '../cli-context.ts'

export interface CommandEntry {
  readonly name: string
  readonly summary: string
  readonly help: string
  readonly load: () => Promise<{ run: RunCommand }>
}

const EXIT_CODES_OF_CHECK = `Exit codes:
  0  compatible: every dependency matched a documented range or constraint
  1  incompatible: at least one dependency is documented and matched nothing
  2  unknown: nothing is incompatible, but something cannot be decided
  3  usage, network, server or data error (one line on stderr)`

export const COMMANDS: readonly CommandEntry[] = [
  {
    name: 'validate',
    summary: 'Validate a data directory; print every fault as FILE:LINE:COLUMN: message',
    help: `Usage: compat validate [--data DIR]

Validates every project file of a data directory with the rules the server applies
before it serves data, and prints each fault as FILE:LINE:COLUMN: path: message,
then a summary line.

Options:
  --data DIR   the data directory (default: the bundled data/projects)
  -h, --help   show this help

Exit codes:
  0  the data is valid
  1  the data has faults
  3  usage error, or DIR is not a directory

Example:
  compat validate --data ./data/projects`,
    load: () => import('./validate.ts'),
  },
  {
    name: 'check',
    summary: 'Check dependency versions against a project version, offline or on a server',
    help: `Usage: compat check --project P --version V DEP=VERSION [DEP=VERSION ...]
                    [--data DIR | --url URL] [--timeout SECONDS]
                    [--version-lookup exact|line] [--json]

One DEP=VERSION is the single check (GET /api/v1/check), several are a combination
checked together (POST /api/v1/check), reported in the order given. Offline by default,
on the bundled data or --data DIR; with --url, the server at URL answers.

Options:
  --project P        project id or alias, e.g. django
  --version V        project version: a key of the project document, e.g. 5.1, or with
                     --version-lookup line a release it covers, e.g. 5.1.4
  DEP=VERSION        a dependency key of that version and the version to check, e.g.
                     python=3.12.4; split at the first '='
  --data DIR         check offline against this data directory (default: bundled data)
  --url URL          ask the compat server at this base URL, e.g. http://127.0.0.1:8080
  --timeout SECONDS  how long to wait for the server (default 10; only with --url)
  --version-lookup exact|line
                     offline: exact (default) finds only a key equal to --version; line
                     also answers from the most specific documented line covering it
                     (1.27.1 -> 1.27); default COMPAT_VERSION_LOOKUP, else exact. With
                     --url the server's setting applies.
  --json             print the API's JSON answer instead of the table
  -h, --help         show this help

${EXIT_CODES_OF_CHECK}

Examples:
  compat check --project django --version 5.1 python=3.12.4
  compat check --project django --version 5.1 python=3.12 postgresql=16 --json
  compat check --url https://compat.example.org --project django --version 5.1 python=3.13`,
    load: () => import('./check.ts'),
  },
  {
    name: 'versions',
    summary: 'Which versions of a project fit your dependency versions, and the newest that does',
    help: `Usage: compat versions --project P DEP=VERSION [DEP=VERSION ...]
                      [--date YYYY-MM-DD] [--data DIR | --url URL]
                      [--timeout SECONDS] [--json]

Judges every documented version of project P against the dependency versions given
(GET /api/v1/projects/P/versions), newest first, each as a combination check; a since
key is judged with its line's key under it. Each version also shows its release
line's support on the day, and the summary names the newest compatible version that
is still supported. A dependency may be named by any name of the project it links to
(k8s for kubernetes). Offline by default, on the bundled data or --data DIR; with
--url, the server at URL answers.

Options:
  --project P        project id or alias, e.g. cnpg
  DEP=VERSION        a dependency and the version you run, e.g. kubernetes=1.34.1
  --date YYYY-MM-DD  the day support is judged on (default: today in UTC, or
                     COMPAT_TODAY); sent to the server with --url
  --data DIR         answer offline from this data directory (default: bundled data)
  --url URL          ask the compat server at this base URL
  --timeout SECONDS  how long to wait for the server (default 10; only with --url)
  --json             print the API's JSON answer instead of the table
  -h, --help         show this help

Environment:
  COMPAT_TODAY=YYYY-MM-DD   today, when --date is not given (default: today, UTC)

Exit codes (support never changes them):
  0  a final (not pre-release) version is compatible: the newest is printed
  1  no version is compatible, and at least one is incompatible
  2  otherwise: nothing is compatible, and the evidence cannot decide
  3  usage, network, server or data error, or an unknown project (one line on stderr)

Examples:
  compat versions --project cnpg kubernetes=1.34.1 postgresql=18.1
  compat versions --project django python=3.14 --json`,
    load: () => import('./versions.ts'),
  },
  {
    name: 'lifecycle',
    summary: 'Which release lines of a project are supported on a day, and until when',
    help: `Usage: compat lifecycle PROJECT [--date YYYY-MM-DD] [--data DIR | --url URL]
                       [--timeout SECONDS] [--json]

Lists every release line of project PROJECT (GET /api/v1/projects/PROJECT/lifecycle),
newest first: when it came out, the last day of active support (bug fixes beyond
security fixes) and of any support (after it, the line is end of life), and where it
stands on the day: supported, security fixes only, end of life or not released yet,
with the days left. A date reads 'ongoing' when no end is announced and 'ended (no
date)' when it ended on a day not published. Offline by default, on the bundled data or
--data DIR; with --url, the server at URL answers.

Options:
  PROJECT            a project id or alias, e.g. kubernetes
  --date YYYY-MM-DD  the day to judge on (default: today in UTC, or COMPAT_TODAY);
                     sent to the server with --url
  --data DIR         answer offline from this data directory (default: bundled data)
  --url URL          ask the compat server at this base URL
  --timeout SECONDS  how long to wait for the server (default 10; only with --url)
  --json             print the API's JSON answer instead of the table
  -h, --help         show this help

Environment:
  COMPAT_TODAY=YYYY-MM-DD   today, when --date is not given (default: today, UTC)

Exit codes:
  0  answered (a project without lifecycle data answers with no lines)
  3  usage, network, server or data error, or an unknown project (one line on stderr)

Examples:
  compat lifecycle kubernetes
  compat lifecycle django --date 2027-06-30 --json`,
    load: () => import('./lifecycle.ts'),
  },
  {
    name: 'dependency',
    summary: 'Who documents a dependency, and who supports a version of it',
    help: `Usage: compat dependency KEY [--version V] [--data DIR | --url URL]
                        [--timeout SECONDS] [--json]

Lists every entry, across all projects, that documents the dependency KEY
(GET /api/v1/dependencies/KEY): entries keyed KEY, and entries keyed by another name
of the catalogued project KEY links to (postgres finds postgresql). With --version,
each entry also gets its verdict for that version, as a single check would give it.

Options:
  KEY                a dependency key or a project's id or alias, e.g. postgresql
  --version V        the dependency version to judge every entry against, e.g. 18
  --data DIR         answer offline from this data directory (default: bundled data)
  --url URL          ask the compat server at this base URL
  --timeout SECONDS  how long to wait for the server (default 10; only with --url)
  --json             print the API's JSON answer instead of the table
  -h, --help         show this help

Exit codes:
  0  answered (whatever the verdicts)
  3  usage, network, server or data error, or no entry documents KEY (one line on
     stderr, with the nearest keys)

Examples:
  compat dependency postgresql --version 18
  compat dependency k8s --version 1.35 --json`,
    load: () => import('./dependency.ts'),
  },
  {
    name: 'stack',
    summary: 'Check that a whole stack (a stack file, or from an SBOM or a cluster) is compatible',
    help: `Usage: compat stack FILE [--date YYYY-MM-DD] [--require-supported]
                   [--data DIR | --url URL] [--timeout SECONDS] [--json]
       compat stack --from FILE [--from FILE ...] [--date YYYY-MM-DD]
                   [--require-supported] [--data DIR] [--url URL]
                   [--timeout SECONDS] [--verbose] [--json]
       compat stack --from FILE [--from FILE ...] --write STACK_FILE [--force]
                   [--data DIR] [--verbose]

Reads the stack file FILE (YAML: components: {name: version | {version, packages}})
and checks every pair the evidence covers (POST /api/v1/stack): each component that
names a catalogued project is resolved as deployed (v1.27.1 answers from the 1.27
line, with since keys laid over it), and each of its entries that names another
component is judged. Beside the verdict, each component's release line and its
support on the day (supported, security fixes only, end of life, unknown); support
never changes the verdict. The file format, with a commented example: docs/cli.md.

With --from, the stack comes from files you already have instead, told apart by
their content: a CycloneDX (1.4 to 1.6) or SPDX 2.3 JSON SBOM, an npm
package-lock.json (v2, v3), pnpm-lock.yaml (9), poetry.lock, uv.lock, pylock.toml, a
pip requirements file (with its -r includes), and the JSON of 'helm list -o json' or
'kubectl version -o json'. Each component is matched to a catalogued project (by
package URL, else by name), and several files make one stack. An npm or pnpm
lockfile adds the project's Node.js: the version in .nvmrc or .node-version beside
it, else the lowest its root's engines.node admits. Before the answer: per file, its
format and counts, every component matched, the first ten left out (with why and the
nearest catalogued names; --verbose lists every one) and every name found at several
versions; --json adds them all to the answer as derivedFrom, matches, unmatched and
duplicates, as the API answers for an SBOM.

Options:
  FILE               the stack file
  --from FILE        a file to derive the stack from, instead of a stack file;
                     repeatable (docs/cli.md, "Stacks from files")
  --write STACK_FILE with --from: write the derived stack as a stack file (with
                     where each component was found), check nothing
  --force            with --write: replace STACK_FILE when it exists
  --date YYYY-MM-DD  the day support is judged on (default: today in UTC, or
                     COMPAT_TODAY); sent to the server with --url
  --require-supported
                     a compatible stack with an end-of-life component exits 1
                     (the components named on stderr)
  --data DIR         answer offline from this data directory (default: bundled data);
                     with --from and --url: match the files here, on DIR
  --url URL          ask the compat server at this base URL; with --from, one SBOM
                     alone is sent as it is and matched on the server's data, other
                     files are matched here and sent as a JSON stack (said on stderr)
  --timeout SECONDS  how long to wait for the server (default 10; only with --url)
  --verbose          with --from: list every component left out, not the first ten
  --json             print the API's JSON answer instead of the tables
  -h, --help         show this help

Environment:
  COMPAT_TODAY=YYYY-MM-DD   today, when --date is not given (default: today, UTC)

Exit codes:
  0  compatible: every pair is documented compatible (--write: the file written)
  1  incompatible: at least one pair is; or, with --require-supported, compatible
     but a component is end of life
  2  unknown: no pair, an undecidable pair, or a catalogued version no key covers
     (also: nothing in the --from files matched a catalogued project)
  3  usage, file, network, server or data error (each fault of FILE as
     FILE:LINE:COLUMN: message on stderr); with --from: a file that cannot be read,
     is of no format compat reads, or breaks its format (each fault as FILE:
     LOCATION: reason), two files naming one project at different versions, more
     than 256 matched components; --write: STACK_FILE exists (without --force)

Examples:
  compat stack stack.yaml
  compat stack stack.yaml --date 2027-06-30 --require-supported
  npm sbom --sbom-format cyclonedx > sbom.json && compat stack --from sbom.json
  compat stack --from releases.json --from version.json --write stack.yaml`,
    load: () => import('./stack.ts'),
  },
  {
    name: 'readiness',
    summary: 'Can every package of a dependency tree take a runtime or package version?',
    help: `Usage: compat readiness --from FILE [--from FILE ...] --target NAME=VERSION
                       [--offline] [--date YYYY-MM-DD] [--data DIR]
                       [--timeout SECONDS] [--json]

Reads every package of the files and what each declares for the target: npm
engines.node for nodejs, peerDependencies[NAME] for an npm package; Requires-Python
for python, the Requires-Dist entry naming NAME for a PyPI package. A lockfile that
records it is read as it is (package-lock.json and npm-shrinkwrap.json v2/v3,
pnpm-lock.yaml 9, poetry.lock, pylock.toml); for the rest (an SBOM, requirements.txt,
uv.lock) the registry npm or pip is configured for is asked, at each package's exact
version. Judged by the ecosystem's own rules (node-semver without pre-releases for
npm, PEP 440 for Python). Prints what blocks, each blocker's lowest and newest release
that admits the target, the range every package admits, for a runtime the newest
supported release line inside it, and a one-line verdict (POST /api/v1/readiness
answers the same).

Options:
  --from FILE        a lockfile, SBOM or requirements file; repeatable
  --target NAME=VERSION
                     what to take: nodejs (or node) or python, or a package of the
                     files, e.g. nodejs=24, react=19.0.0, python=3.13, django=5.2
                     (npm: 24 and 24.1 read as 24.0.0 and 24.1.0)
  --offline          read no registry over the network: the files, and registry
                     answers kept in the cache ($XDG_CACHE_HOME/compat/registry);
                     nothing is proposed to move to
  --date YYYY-MM-DD  the day support is judged on (default: today in UTC, or
                     COMPAT_TODAY)
  --data DIR         the catalogue the target and its release lines are read from
                     (default: bundled data)
  --timeout SECONDS  how long to wait for each registry answer (default 15)
  --json             print the API's JSON answer instead of the table
  -h, --help         show this help

Environment:
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
    load: () => import('./readiness.ts'),
  },
  {
    name: 'plan',
    summary: 'What must move, and in which steps, for a target version or a support day to hold',
    help: `Usage: compat plan FILE [--target NAME=VERSION ...] [--supported-on YYYY-MM-DD]
                  [--path] [--prefer lowest|newest] [--unknown block|allow]
                  [--data DIR | --url URL] [--timeout SECONDS] [--json]
       compat plan --from FILE [--from FILE ...] [--target NAME=VERSION ...]
                  [--supported-on YYYY-MM-DD] [--path] [--prefer lowest|newest]
                  [--unknown block|allow] [--data DIR] [--url URL]
                  [--timeout SECONDS] [--json]
       (at least one --target, or --supported-on)

Plans an upgrade of the stack in the stack file FILE (POST /api/v1/plan): the
targets' versions replace (or join) the stack's, and every other component that is a
catalogued project may stay or move up to a documented key (never down). The plan
moves the fewest components, then takes the lowest keys in the file's order (the
newest with --prefer newest); each move says why. A target must name a catalogued
project or a component of the file. Without a plan, what blocks it is shown: the
pairs, and with --path or --supported-on also an upgrade rule or the day. After the
plan, each component's support on the day (--supported-on, else today), and a plain
warning when the plan lands on a release line that is end of life that day.

With --path, the plan comes as numbered steps, one hop of one component each (as
its project's upgrade rule allows: Kubernetes 1.31 -> 1.32 -> 1.33), none breaking
a pair that worked; each step says what moves, why there, and the verdict of its
pairs after it. With --supported-on, every component with lifecycle data must end
on a release line still supported on that day; --target may then be left out.

With --from, the current stack is derived from files you already have, as for
compat stack --from (an SBOM, a lockfile, a requirements file, helm list or kubectl
version output): what was derived is printed before the plan (--json: added to the
answer). The files are always matched here; with --url, the derived stack is sent.

Options:
  FILE                  the stack file (docs/cli.md, "Stack files")
  --from FILE           a file to derive the current stack from, instead of a stack
                        file; repeatable (docs/cli.md, "Stacks from files")
  --target NAME=VERSION a version that must hold, e.g. kubernetes=1.34; repeatable;
                        at least one, unless --supported-on is given
  --supported-on YYYY-MM-DD
                        every component with lifecycle data ends on a line
                        supported on this day, e.g. 2027-06-30
  --path                the steps that get there, one hop of one component each
  --prefer lowest|newest
                        lowest (default): a component that must move takes its
                        lowest key that fits; newest: its newest key that fits
  --unknown block|allow block (default): an undecidable pair, or a catalogued version
                        no key covers, rules a plan out; allow: it does not
  --data DIR            answer offline from this data directory (default: bundled
                        data); with --from and --url: match the files here, on DIR
  --url URL             ask the compat server at this base URL
  --timeout SECONDS     how long to wait for the server (default 10; only with --url)
  --json                print the API's JSON answer instead of the tables
  -h, --help            show this help

Exit codes:
  0  feasible: the changes (maybe none) make the target hold
  1  infeasible: no plan does
  2  the search budget ran out before it could tell
  3  usage, file, network, server or data error; with --from also as for
     compat stack --from, and a derived stack of no component or of more than 32

Examples:
  compat plan stack.yaml --target kubernetes=1.34
  compat plan stack.yaml --target kubernetes=1.34 --path
  compat plan stack.yaml --supported-on 2027-06-30 --path
  compat plan --from releases.json --from version.json --target kubernetes=1.33`,
    load: () => import('./plan.ts'),
  },
  {
    name: 'scan',
    summary: 'What a repository runs on, from its files: support and compatibility at file:line',
    help: `Usage: compat scan [DIR] [--date YYYY-MM-DD] [--fail-on RULES]
                  [--format text|json|sarif] [--json] [--plan] [--offline]
                  [--data DIR]

Walks the folder DIR (default .) — never .git, node_modules or vendored folders,
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
                            version: latest, lts, a digest alone (note)

Options:
  DIR                 the folder to scan (default .); locations are relative to it
  --date YYYY-MM-DD   the day to judge support on (default: today in UTC, or
                      COMPAT_TODAY)
  --fail-on RULES     rules whose problems exit 1, comma-separated, or none
                      (default end-of-life,incompatible)
  --format FORMAT     text (default), json, or sarif (SARIF 2.1.0, for GitHub
                      code scanning)
  --json              the same as --format json
  --plan              also print the path, one step at a time, from the pins past
                      their end of life to a stack supported on the day
  --offline           read nothing from the network (a scan never does; accepted
                      so that CI lines shared with compat readiness work)
  --data DIR          the data directory (default: the bundled data)
  -h, --help          show this help

Exit codes:
  0  no problem of a --fail-on rule
  1  a problem of a --fail-on rule was found
  3  usage error, DIR is not a folder, or data error (one line on stderr)

Examples:
  compat scan
  compat scan services/api --date 2027-01-01 --fail-on end-of-life,security-only
  compat scan --format sarif > compat.sarif
  compat scan --plan`,
    load: () => import('./scan.ts'),
  },
  {
    name: 'renovate',
    summary: 'Renovate rules so that an update bot proposes only versions that fit the stack',
    help: `Usage: compat renovate FILE [--allow-unknown] [--data DIR]
       compat renovate --from FILE [--from FILE ...] [--allow-unknown] [--data DIR]

Prints Renovate configuration, {"packageRules": [...]}, for the stack in the stack
file FILE: for each component that names its packages (name: {version, packages}),
one rule with matchPackageNames and an allowedVersions regular expression (RE2, as
Renovate reads it) that admits the releases — with or without a v prefix, any
-suffix or +build — of exactly the documented keys of that component whose every pair
with the rest of the stack, at its current versions, is documented compatible (older
keys too). When the component's project documents an upgrade rule (Kubernetes: one
minor line at a time), only the keys one hop from its version at most: from 1.31,
1.32 but not yet 1.33. Merged into renovate.json, the bot proposes only upgrades the
evidence supports, one hop at a time. Components nothing pairs with get no rule (a
note on stderr).

With --from, the stack is derived from files you already have, as for compat stack
--from; a component matched by its package URL is released under that package (an
npm, PyPI, Maven, Go, Cargo, Helm chart … name), one matched by name under none.
What was derived is printed on stderr, so that stdout stays the rules.

Works from data: the bundled data, or --data DIR.

Options:
  FILE             the stack file (docs/cli.md, "Stack files")
  --from FILE      a file to derive the stack from, instead of a stack file;
                   repeatable (docs/cli.md, "Stacks from files")
  --allow-unknown  also admit keys whose pairs the evidence cannot decide
  --data DIR       the data directory (default: the bundled data)
  -h, --help       show this help

Exit codes: 0 the rules were printed; 3 usage, file or data error (with --from also
as for compat stack --from, and no derived component with a package name).

Examples:
  compat renovate stack.yaml > compat-rules.json
  compat renovate --from sbom.json > compat-rules.json`,
    load: () => import('./renovate.ts'),
  },
  {
    name: 'stale',
    summary: 'List entries due for re-verification, oldest first',
    help: `Usage: compat stale [--data DIR] [--older-than DAYS] [--json]

Lists the stale entries: never verified (those first), or verified more than DAYS
days ago, oldest first, with their sources: the maintainers' re-verification
worklist. The web page marks the same entries stale (365 days).

Options:
  --data DIR         the data directory (default: the bundled data/projects)
  --older-than DAYS  age in days beyond which an entry is stale (default 365)
  --json             print {"today", "olderThanDays", "entries": [...]} as JSON
  -h, --help         show this help

Environment:
  COMPAT_TODAY=YYYY-MM-DD   the date ages are counted to (default: today, UTC)

Exit codes: 0 (also when entries are listed); 3 usage or data error.

Example:
  compat stale --older-than 90`,
    load: () => import('./stale.ts'),
  },
  {
    name: 'outdated',
    summary: 'List upstream releases the data lacks, and documented lines past their end of life',
    help: `Usage: compat outdated [PROJECT...] [--data DIR] [--timeout SECONDS] [--json]

Reads where each project publishes its releases (its document's upstream: GitHub
tags, an npm package, a PyPI project or a Helm chart) and lists, per project, the
newest documented key, the newest release, every release line newer than the
documentation, and the lines inside the documented span that have no key (a line's
evidence can differ from its neighbours'). Without PROJECT, every project with an
upstream is read. An upstream that cannot be read is reported for its project; the
others are still read.

From the data alone, for projects with lifecycle data (without PROJECT, all of them):
each documented line (one a version key falls in) that is end of life today while a
newer documented line is still supported: one sentence a project naming those lines,
the newest one's last day, and the newer supported lines (--json: every line).

Options:
  PROJECT            a project id or alias (several may be given)
  --data DIR         the data directory (default: the bundled data/projects)
  --timeout SECONDS  how long to wait for each upstream answer (default 30)
  --json             print {"readAt", "projects": [...], "endOfLifeLines": [...]}
  -h, --help         show this help

Environment:
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
    load: () => import('./outdated.ts'),
  },
  {
    name: 'refresh',
    summary:
      "Bring every registry-backed project up to its registry: import new releases' packaging metadata, write what changed",
    help: `Usage: compat refresh [PROJECT...] [--data DIR] [--dry-run] [--timeout SECONDS]

For every project whose upstream is a package registry (npm, PyPI, a Helm repository)
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
as not refreshed: compat outdated reads those.

Options:
  PROJECT            a project id or alias (several may be given; default: every
                     project with an npm, pypi or helm upstream)
  --data DIR         the data directory to refresh (default: the bundled data/projects)
  --dry-run          read and report, write nothing
  --timeout SECONDS  how long to wait for each registry answer (default 60)
  -h, --help         show this help

Environment:
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
    load: () => import('./refresh.ts'),
  },
  {
    name: 'import',
    summary:
      'Write version keys from packaging metadata (helm-index, npm, pypi), support windows from endoflife.date, or convert compatibility-fyi files',
    help: `Usage: compat import helm-index INDEX_URL_OR_FILE... --chart NAME --out DIR [options]
       compat import npm PACKAGE_OR_SAVED_JSON --out DIR [options]
       compat import pypi PROJECT_OR_SAVED_JSON --out DIR [options]
       compat import compatibility-fyi FILE_OR_DIR... --out DIR
       compat import endoflife PRODUCTS... --out DIR [--map PRODUCT=PROJECT]...
                     [--commit SHA | --git-dir DIR] [--today YYYY-MM-DD]

The format is the first argument that is not a flag; flags may stand before or after
it (compat import --out DIR npm left-pad). A flag the format does not take is refused.

helm-index, npm and pypi read what every release declares in its packaging metadata
and write it to DIR/<id>.yaml (merged into the file when it exists):
  helm-index  each chart version's kubeVersion as a kubernetes entry; from a chart
              repository (its index.yaml) or saved index.yaml / Chart.yaml files
  npm         engines.node as nodejs, each peerDependencies item as a peer entry
              (@scope/name becomes scope-name); from the registry npm is configured
              for (npm_config_registry, .npmrc), or a saved package document
  pypi        requires_python as python; from PyPI's JSON API (COMPAT_PYPI_URL, or
              the index pip is configured for), or a saved JSON answer
One key per release line (1.3) where the line's releases agree, and a since key
(1.3.2) where a declaration changes inside a line; pre-releases are skipped. Helm's
-0 suffix is dropped; ^ ~ x || and hyphen ranges convert exactly. Each entry cites
the chart archive with its digest, or the repository at the release's commit
(gitHead) or tag (--tag), and is marked importedFrom: the importer rewrites and
removes only its own entries and never touches hand-written ones (reported as left
alone). A declaration that cannot be converted exactly is never guessed: it is
reported as left out, and the line documents nothing for it from that release on.
The result is validated before it is written.

compatibility-fyi converts the public compatibility service's YAML files: anchors
resolved, '33 || 34' keys expanded, npm-style ranges rewritten, sameVersion as the
same-version constraint, basis 'tested' kept; what compat cannot say is left out as
FILE:LINE. Facts imported this way are leads: check each one at its upstream source
before it enters a dataset (see data/README.md).

endoflife writes endoflife.date's product files (its products/ directory, or some
products/<slug>.md files) into the projects of DIR that they match: the release
cycles as the project's lifecycle block (releaseDate, eoas, eol, eoes, lts, latest
as they are), the identifiers added to the project's. A product matches the project
whose id or alias is its permalink, one of its alternate_urls or its file name, or
the one --map names; it never creates a project. A block marked importedFrom:
endoflife is replaced, a hand-written one left alone. Each line cites the file at
its commit: the HEAD of the checkout it is in, or of --git-dir (the file must be the
committed one), else --commit. Every input is read first: a file that is not a
product file stops the import, nothing written; a product whose result would not
validate is reported at its line and not written, and the others are.

Options:
  --out DIR            where to write (created if missing; endoflife: the data
                       directory whose projects are updated)
  --chart NAME         helm-index: the chart to read
  --project ID         the project id (default: the chart or package name)
  --tag TEMPLATE       npm, pypi: the tag a release is published from, {version}
                       for the version (default v{version}), for the citation;
                       repeatable as 'TEMPLATE if RANGE' for tag forms that changed
                       ('{version} if <4.22.1' then 'v{version}'): the first that
                       admits the release is used
  --tags-from FILE     the repository's tags, one per line ('git tag > FILE'): a
                       release whose tag is not listed is left out (unless it is
                       newer than every listed tag)
  --source-url URL     a pinned address with {version} to cite instead (Chart.yaml
                       files, packages without a GitHub or GitLab repository)
  --name, --website, --category NAME (repeatable)
                       for a new project, instead of the metadata's own
  --timeout SECONDS    how long to wait for the registry (default 60)
  --map PRODUCT=PROJECT
                       endoflife: the project (id or alias) a product file is;
                       repeatable
  --commit SHA         endoflife: the commit of endoflife.date the files are from
                       (default: the HEAD of their checkout, or of --git-dir)
  --git-dir DIR        endoflife: a clone of endoflife.date to check the files
                       against, for a copy of products/ outside a checkout
  --today YYYY-MM-DD   endoflife: the day written as the day read (default:
                       COMPAT_TODAY, else today, UTC)
  -h, --help           show this help

Exit codes:
  0  written, everything converted
  1  written, but something was left out (listed; endoflife: also a matched
     product not imported: a result that would not validate, an unsettled match)
  3  usage error, an unreachable or malformed source, or a result that would not
     validate: nothing written (compatibility-fyi: the other files still convert)

Examples:
  compat import helm-index https://charts.example.org --chart demo --out data/projects
  compat import npm vite --out data/projects --category build-tool
  compat import compatibility-fyi ../compatibility.fyi/data --out ./imported
  compat import endoflife ../endoflife.date/products --out data/projects \\
    --map traefik=traefik-proxy`,
    load: () => import('./import.ts'),
  },
  {
    name: 'serve',
    summary: 'Run the HTTP API server (like npm start)',
    help: `Usage: compat serve [--data DIR] [--port N] [--host H] [--version-lookup exact|line]
                    [--tls-cert FILE --tls-key FILE] [--workers N|auto]

Runs the HTTP API. Settings come from the environment as for npm start (PORT, HOST,
COMPAT_DATA_DIR, LOG_LEVEL, CACHE_MAX_AGE, COMPAT_VERSION_LOOKUP, TLS_CERT_FILE,
TLS_KEY_FILE, COMPAT_WORKERS, COMPAT_RATE_LIMIT, COMPAT_TRUST_PROXY); flags override them. The server refuses
to start on data with faults. The JSON log goes to stdout; stop with Ctrl-C or SIGTERM.

Options:
  --data DIR   the data directory (default: COMPAT_DATA_DIR, else the bundled data)
  --port N     the port to listen on, 0 for any free port (default: PORT, else 8080)
  --host H     the address to listen on (default: HOST, else 127.0.0.1)
  --version-lookup exact|line
               how checks find a project version: exact key only (default), or also
               the most specific documented line (default: COMPAT_VERSION_LOOKUP)
  --tls-cert FILE, --tls-key FILE
               serve HTTPS with this PEM certificate (chain) and key; SIGHUP
               reloads them with the data (default: TLS_CERT_FILE, TLS_KEY_FILE)
  --workers N|auto
               worker processes sharing the port, auto for one per core; reloaded
               and stopped together (default: COMPAT_WORKERS, else 1)
  -h, --help   show this help

Exit codes: 0 after a clean stop; 3 when the server cannot start (any start-up error).

Example:
  compat serve --port 3000 --host 0.0.0.0`,
    load: () => import('./serve.ts'),
  },
]
