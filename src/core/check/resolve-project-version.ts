/** Finds the documented project version a check is answered from, or says why there is none. */
import { type Dataset, findProject } from '../dataset/build-dataset.ts'
import { describeUnknownProject, describeUnknownVersion } from './describe-unknown.ts'
import { type FoundVersion, findVersion, type VersionLookup } from './find-version.ts'

export {
  entriesOf,
  type FoundVersion,
  VERSION_LOOKUPS,
  type VersionLookup,
} from './find-version.ts'

export type ResolvedVersion = FoundVersion | { readonly unknown: string }

export function resolveProjectVersion(
  dataset: Dataset,
  projectId: string,
  versionKey: string,
  lookup: VersionLookup = 'exact',
): ResolvedVersion {
  const project = findProject(dataset, projectId)
  if (project === undefined) return { unknown: describeUnknownProject(dataset, projectId) }
  const found = findVersion(dataset, project, versionKey, lookup)
  return found ?? { unknown: describeUnknownVersion(dataset, project, versionKey, lookup) }
}
