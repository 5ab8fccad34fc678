/** `compat stack`: its options, as parseArgs reads them, and its help. */
import type { CliOptions, CommandHelp } from './command-help.ts'
import {
  FROM_STACK_OPTION,
  JSON_ANSWER_OPTION,
  OFFLINE_DATA_FROM_OPTION,
  SERVER_TIMEOUT_OPTION,
  SUPPORT_DAY_OPTION,
} from './common-options.ts'

export const STACK_OPTIONS = {
  from: FROM_STACK_OPTION,
  write: {
    type: 'string',
    value: 'STACK_FILE',
    help: 'with --from: write the derived stack as a stack file (with where each component was found), check nothing',
  },
  force: { type: 'boolean', help: 'with --write: replace STACK_FILE when it exists' },
  date: SUPPORT_DAY_OPTION,
  'require-supported': {
    type: 'boolean',
    help: 'a compatible stack with an end-of-life component exits 1 (the components named on stderr)',
  },
  data: OFFLINE_DATA_FROM_OPTION,
  url: {
    type: 'string',
    value: 'URL',
    help: "ask the compat server at this base URL; with --from, one SBOM alone is sent as it is and matched on the server's data, other files are matched here and sent as a JSON stack (said on stderr)",
  },
  timeout: SERVER_TIMEOUT_OPTION,
  verbose: {
    type: 'boolean',
    help: 'with --from: list every component left out, not the first ten',
  },
  json: JSON_ANSWER_OPTION,
} as const satisfies CliOptions

export const STACK_HELP: CommandHelp = {
  name: 'stack',
  summary: 'Check that a whole stack (a stack file, or from an SBOM or a cluster) is compatible',
  usage: `Usage: compat stack FILE [--date YYYY-MM-DD] [--require-supported]
                   [--data DIR | --url URL] [--timeout SECONDS] [--json]
       compat stack --from FILE [--from FILE ...] [--date YYYY-MM-DD]
                   [--require-supported] [--data DIR] [--url URL]
                   [--timeout SECONDS] [--verbose] [--json]
       compat stack --from FILE [--from FILE ...] --write STACK_FILE [--force]
                   [--data DIR] [--verbose]`,
  about: `Reads the stack file FILE (YAML: components: {name: version | {version, packages}})
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
duplicates, as the API answers for an SBOM.`,
  positionals: [['FILE', 'the stack file']],
  options: STACK_OPTIONS,
  after: `Environment:
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
}
