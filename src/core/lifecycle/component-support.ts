/** Where a deployed component's release line stands on a day: for stacks (docs/api.md, "Stacks"). */
import { type Dataset, findProject } from '../dataset/build-dataset.ts'
import { findLifecycleLine } from './find-lifecycle-line.ts'
import type { ComponentSupport } from './lifecycle-result.ts'
import { supportStatus } from './support-status.ts'

/**
 * `unknown` for a name that is no catalogued project, a project without lifecycle data, or a
 * version no line covers.
 *
 * @example componentSupport(dataset, 'k8s', 'v1.31.4', '2026-11-28').status // 'end-of-life'
 */
export function componentSupport(
  dataset: Dataset,
  component: string,
  version: string,
  day: string,
): ComponentSupport {
  const project = findProject(dataset, component)
  const unknown: ComponentSupport = {
    component,
    version,
    project: project?.document.id ?? null,
    line: null,
    status: 'unknown',
    supportUntil: null,
    activeSupportUntil: null,
    daysLeft: null,
  }
  const lifecycle = project?.document.lifecycle
  if (lifecycle === undefined) return unknown
  const found = findLifecycleLine(lifecycle, version)
  if (found === null) return unknown
  const { status, daysLeft } = supportStatus(found.line, day)
  return {
    ...unknown,
    line: found.key,
    status,
    supportUntil: found.line.supportUntil,
    activeSupportUntil: found.line.activeSupportUntil ?? null,
    daysLeft,
  }
}
