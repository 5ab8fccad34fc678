/** Where one version of a project stands on a day, by the project's support windows. */
import type { Lifecycle } from '../dataset/schema.ts'
import { findLifecycleLine } from './find-lifecycle-line.ts'
import type { ComponentSupport } from './lifecycle-result.ts'
import { supportStatus } from './support-status.ts'

export type VersionSupport = Omit<ComponentSupport, 'component' | 'version' | 'project'>

const UNKNOWN: VersionSupport = {
  line: null,
  status: 'unknown',
  supportUntil: null,
  activeSupportUntil: null,
  daysLeft: null,
}

/**
 * The release line covering `version` and its status on `day`; `unknown` without lifecycle
 * data or when no line covers the version. The stack answer's support and a project page's
 * check both say it this way.
 *
 * @example versionSupport(django.lifecycle, '4.2', '2026-12-07').status // 'end-of-life'
 */
export function versionSupport(
  lifecycle: Lifecycle | undefined,
  version: string,
  day: string,
): VersionSupport {
  if (lifecycle === undefined) return UNKNOWN
  const found = findLifecycleLine(lifecycle, version)
  if (found === null) return UNKNOWN
  const { status, daysLeft } = supportStatus(found.line, day)
  return {
    line: found.key,
    status,
    supportUntil: found.line.supportUntil,
    activeSupportUntil: found.line.activeSupportUntil ?? null,
    daysLeft,
  }
}
