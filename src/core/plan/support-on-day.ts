/**
 * Whether a component's version is still supported on a day, for a plan's `supportedOn`
 * (docs/api.md, "Plans"): its release line's status on that day is `supported` or
 * `security-only` (docs/api.md, "Support windows").
 */
import type { CompiledProject } from '../dataset/build-dataset.ts'
import { findLifecycleLine } from '../lifecycle/find-lifecycle-line.ts'
import {
  isSupportedStatus,
  type SupportStatus,
  supportStatus,
} from '../lifecycle/support-status.ts'
import type { Option, Slot } from './pair-judge.ts'

export interface SupportOnDay {
  /** Whether the plan may end with this version. */
  readonly supported: boolean
  /** The release line covering the version, or null when none does. */
  readonly line: string | null
  readonly status: SupportStatus
}

/**
 * Null when the component is not held to a day: no catalogued project, or one without
 * lifecycle data. A version no line covers is held and fails (`unknown`): a plan cannot rest on
 * a support window nobody documents.
 *
 * @example supportOnDay(kubernetes, '1.31', '2027-06-30') // { supported: false, line: '1.31', status: 'end-of-life' }
 */
export function supportOnDay(
  project: CompiledProject | undefined,
  version: string,
  day: string,
): SupportOnDay | null {
  const lifecycle = project?.document.lifecycle
  if (lifecycle === undefined) return null
  const found = findLifecycleLine(lifecycle, version)
  if (found === null) return { supported: false, line: null, status: 'unknown' }
  const { status } = supportStatus(found.line, day)
  return { supported: isSupportedStatus(status), line: found.key, status }
}

/** Whether an option may end a plan asked to be supported on `day` (always, without a day). */
export function supportedOrFree(slot: Slot, option: Option, day: string | undefined): boolean {
  if (day === undefined || option.absent === true) return true
  return supportOnDay(slot.project, option.version, day)?.supported ?? true
}
