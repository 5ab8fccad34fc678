/** `compat renovate`: its options, as parseArgs reads them, and its help. */
import type { CliOptions, CommandHelp } from './command-help.ts'
import { DATA_OPTION, FROM_STACK_OPTION } from './common-options.ts'

export const RENOVATE_OPTIONS = {
  from: FROM_STACK_OPTION,
  'allow-unknown': {
    type: 'boolean',
    help: 'also admit keys whose pairs the evidence cannot decide',
  },
  data: DATA_OPTION,
} as const satisfies CliOptions

export const RENOVATE_HELP: CommandHelp = {
  name: 'renovate',
  summary: 'Renovate rules so that an update bot proposes only versions that fit the stack',
  usage: `Usage: compat renovate FILE [--allow-unknown] [--data DIR]
       compat renovate --from FILE [--from FILE ...] [--allow-unknown] [--data DIR]`,
  about: `Prints Renovate configuration, {"packageRules": [...]}, for the stack in the stack
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

Works from data: the bundled data, or --data DIR.`,
  positionals: [['FILE', 'the stack file (docs/cli.md, "Stack files")']],
  options: RENOVATE_OPTIONS,
  after: `Exit codes: 0 the rules were printed; 3 usage, file or data error (with --from also
as for compat stack --from, and no derived component with a package name).

Examples:
  compat renovate stack.yaml > compat-rules.json
  compat renovate --from sbom.json > compat-rules.json`,
}
