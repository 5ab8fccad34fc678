/** `compat plan`: its options, as parseArgs reads them, and its help. */
import type { CliOptions, CommandHelp } from './command-help.ts'
import {
  JSON_ANSWER_OPTION,
  OFFLINE_DATA_FROM_OPTION,
  SERVER_TIMEOUT_OPTION,
  URL_OPTION,
} from './common-options.ts'

export const PLAN_OPTIONS = {
  from: {
    type: 'string',
    multiple: true,
    value: 'FILE',
    help: 'a file to derive the current stack from, instead of a stack file; repeatable (docs/cli.md, "Stacks from files")',
  },
  target: {
    type: 'string',
    multiple: true,
    value: 'NAME=VERSION',
    help: 'a version that must hold, e.g. kubernetes=1.34; repeatable; at least one, unless --supported-on is given',
  },
  'supported-on': {
    type: 'string',
    value: 'YYYY-MM-DD',
    help: 'every component with lifecycle data ends on a line supported on this day, e.g. 2027-06-30',
  },
  path: { type: 'boolean', help: 'the steps that get there, one hop of one component each' },
  prefer: {
    type: 'string',
    value: 'lowest|newest',
    help: 'lowest (default): a component that must move takes its lowest key that fits; newest: its newest key that fits',
  },
  unknown: {
    type: 'string',
    value: 'block|allow',
    help: 'block (default): an undecidable pair, or a catalogued version no key covers, rules a plan out; allow: it does not',
  },
  data: OFFLINE_DATA_FROM_OPTION,
  url: URL_OPTION,
  timeout: SERVER_TIMEOUT_OPTION,
  json: JSON_ANSWER_OPTION,
} as const satisfies CliOptions

export const PLAN_HELP: CommandHelp = {
  name: 'plan',
  summary: 'What must move, and in which steps, for a target version or a support day to hold',
  usage: `Usage: compat plan FILE [--target NAME=VERSION ...] [--supported-on YYYY-MM-DD]
                  [--path] [--prefer lowest|newest] [--unknown block|allow]
                  [--data DIR | --url URL] [--timeout SECONDS] [--json]
       compat plan --from FILE [--from FILE ...] [--target NAME=VERSION ...]
                  [--supported-on YYYY-MM-DD] [--path] [--prefer lowest|newest]
                  [--unknown block|allow] [--data DIR] [--url URL]
                  [--timeout SECONDS] [--json]
       (at least one --target, or --supported-on)`,
  about: `Plans an upgrade of the stack in the stack file FILE (POST /api/v1/plan): the
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
answer). The files are always matched here; with --url, the derived stack is sent.`,
  positionals: [['FILE', 'the stack file (docs/cli.md, "Stack files")']],
  options: PLAN_OPTIONS,
  after: `Exit codes:
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
}
