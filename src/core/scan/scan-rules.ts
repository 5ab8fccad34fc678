/**
 * The rules a scan reports (docs/cli.md, "compat scan"), as data: each writer (text, JSON,
 * SARIF) and `--fail-on` read the same list.
 */

export type ScanLevel = 'error' | 'warning' | 'note'

export interface ScanRule {
  readonly id: string
  /** The SARIF level of its results. */
  readonly level: ScanLevel
  /** One line: what a problem of this rule means. */
  readonly summary: string
  /** What to do about it. */
  readonly help: string
}

/** In the order a report lists them. */
export const SCAN_RULES = [
  {
    id: 'end-of-life',
    level: 'error',
    summary: 'A pinned version whose release line is past its end of life on the day.',
    help: 'Move to a release line that is still supported; `compat scan --plan` shows a path, one step at a time.',
  },
  {
    id: 'incompatible',
    level: 'error',
    summary: 'Two pinned versions that the evidence documents as incompatible with each other.',
    help: 'Move one of the two; `compat plan` finds what must move, and to what.',
  },
  {
    id: 'security-only',
    level: 'warning',
    summary: 'A pinned version whose release line gets security fixes only on the day.',
    help: 'Plan the move to a line in active support before its end of life.',
  },
  {
    id: 'range-admits-end-of-life',
    level: 'warning',
    summary:
      'A range (engines, requires-python, kubeVersion) whose oldest admitted release line is past its end of life.',
    help: 'Raise the lower bound of the range to a supported line.',
  },
  {
    id: 'unknown-version',
    level: 'note',
    summary:
      'A catalogued component pinned to no readable version (latest, lts, a digest alone, an unset variable).',
    help: 'Pin a version (a tag such as 20.11-alpine) so that its support can be judged.',
  },
] as const satisfies readonly ScanRule[]

export type ScanRuleId = (typeof SCAN_RULES)[number]['id']

export const SCAN_RULE_IDS = [
  'end-of-life',
  'incompatible',
  'security-only',
  'range-admits-end-of-life',
  'unknown-version',
] as const satisfies readonly ScanRuleId[]

/** The rules whose problems fail a scan unless `--fail-on` says otherwise. */
export const DEFAULT_FAIL_ON: readonly ScanRuleId[] = ['end-of-life', 'incompatible']
