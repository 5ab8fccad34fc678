/** Finds the documented project version a check is answered from, or says why there is none. */
import {
  type CompiledProject,
  type CompiledVersion,
  type Dataset,
  findProject,
} from '../dataset/build-dataset.ts'
import { coveringLine } from './covering-line.ts'
import { describeUnknownProject, describeUnknownVersion } from './describe-unknown.ts'

/**
 * How a requested project version finds its key (docs/api.md, "Version lookup"):
 * - `exact`: only a key equal to the request, as the API specification says;
 * - `line`: else the most specific key whose series covers it (`1.27.1` → `1.27`, then `1`).
 */
export type VersionLookup = 'exact' | 'line'

export const VERSION_LOOKUPS: readonly VersionLookup[] = ['exact', 'line']

export type ResolvedVersion =
  | {
      readonly project: CompiledProject
      readonly version: CompiledVersion
      /** True when a covering line answers, not a key equal to the request. */
      readonly byLine: boolean
    }
  | { readonly unknown: string }

export function resolveProjectVersion(
  dataset: Dataset,
  projectId: string,
  versionKey: string,
  lookup: VersionLookup = 'exact',
): ResolvedVersion {
  const project = findProject(dataset, projectId)
  if (project === undefined) return { unknown: describeUnknownProject(dataset, projectId) }
  const version = project.versionsByKey.get(versionKey)
  if (version !== undefined) return { project, version, byLine: false }
  if (lookup === 'line') {
    const line = coveringLine(project, versionKey)
    if (line !== undefined) return { project, version: line, byLine: true }
  }
  return { unknown: describeUnknownVersion(project, versionKey, lookup) }
}
