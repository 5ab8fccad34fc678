/** Finds the documented project version a check is answered from, or says why there is none. */
import type { CompiledProject, CompiledVersion, Dataset } from '../dataset/build-dataset.ts'
import { describeUnknownProject, describeUnknownVersion } from './describe-unknown.ts'

export type ResolvedVersion =
  | { readonly project: CompiledProject; readonly version: CompiledVersion }
  | { readonly unknown: string }

/** Project versions are exact keys of the project document (docs/api.md, "Results"). */
export function resolveProjectVersion(
  dataset: Dataset,
  projectId: string,
  versionKey: string,
): ResolvedVersion {
  const project = dataset.projects.get(projectId)
  if (project === undefined) return { unknown: describeUnknownProject(dataset, projectId) }
  const version = project.versionsByKey.get(versionKey)
  if (version === undefined) return { unknown: describeUnknownVersion(project, versionKey) }
  return { project, version }
}
