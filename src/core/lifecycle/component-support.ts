/** Where a deployed component's release line stands on a day: for stacks (docs/api.md, "Stacks"). */
import { type Dataset, findProject } from '../dataset/build-dataset.ts'
import type { ComponentSupport } from './lifecycle-result.ts'
import { versionSupport } from './version-support.ts'

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
  return {
    component,
    version,
    project: project?.document.id ?? null,
    ...versionSupport(project?.document.lifecycle, version, day),
  }
}
