/**
 * The commands of `compat`, with their help. Modules load only when their command runs, so
 * `--help` answers without loading the data layer or the server; each command's help and
 * options live in src/cli/help/, one file a command.
 */
import type { RunCommand } from '../cli-context.ts'
import { CHECK_HELP } from '../help/check-help.ts'
import { type CommandHelp, helpText } from '../help/command-help.ts'
import { DEPENDENCY_HELP } from '../help/dependency-help.ts'
import { IMPORT_HELP } from '../help/import-help.ts'
import { LIFECYCLE_HELP } from '../help/lifecycle-help.ts'
import { OUTDATED_HELP } from '../help/outdated-help.ts'
import { PLAN_HELP } from '../help/plan-help.ts'
import { READINESS_HELP } from '../help/readiness-help.ts'
import { REFRESH_HELP } from '../help/refresh-help.ts'
import { RENOVATE_HELP } from '../help/renovate-help.ts'
import { SCAN_HELP } from '../help/scan-help.ts'
import { SERVE_HELP } from '../help/serve-help.ts'
import { STACK_HELP } from '../help/stack-help.ts'
import { STALE_HELP } from '../help/stale-help.ts'
import { VALIDATE_HELP } from '../help/validate-help.ts'
import { VERSIONS_HELP } from '../help/versions-help.ts'

export interface CommandEntry {
  readonly name: string
  readonly summary: string
  readonly help: string
  readonly load: () => Promise<{ run: RunCommand }>
}

function command(help: CommandHelp, load: CommandEntry['load']): CommandEntry {
  return { name: help.name, summary: help.summary, help: helpText(help), load }
}

export const COMMANDS: readonly CommandEntry[] = [
  command(VALIDATE_HELP, () => import('./validate.ts')),
  command(CHECK_HELP, () => import('./check.ts')),
  command(VERSIONS_HELP, () => import('./versions.ts')),
  command(LIFECYCLE_HELP, () => import('./lifecycle.ts')),
  command(DEPENDENCY_HELP, () => import('./dependency.ts')),
  command(STACK_HELP, () => import('./stack.ts')),
  command(READINESS_HELP, () => import('./readiness.ts')),
  command(PLAN_HELP, () => import('./plan.ts')),
  command(SCAN_HELP, () => import('./scan.ts')),
  command(RENOVATE_HELP, () => import('./renovate.ts')),
  command(STALE_HELP, () => import('./stale.ts')),
  command(OUTDATED_HELP, () => import('./outdated.ts')),
  command(REFRESH_HELP, () => import('./refresh.ts')),
  command(IMPORT_HELP, () => import('./import.ts')),
  command(SERVE_HELP, () => import('./serve.ts')),
]
