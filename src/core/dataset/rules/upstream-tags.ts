import { isJsonObject } from '../../json/is-json-object.ts'
import type { DocumentRule } from './rule.ts'

/**
 * A GitHub upstream's `tagPattern` is a regular expression with a group for the version
 * (docs: data/README.md, "Where releases are published"): `compat outdated` reads the version
 * from the first group of a matching tag.
 */
export const upstreamTags: DocumentRule = (document) => {
  if (!isJsonObject(document) || !isJsonObject(document.upstream)) return []
  const pattern = document.upstream.tagPattern
  if (typeof pattern !== 'string') return []
  const path = ['upstream', 'tagPattern']
  let compiled: RegExp
  try {
    compiled = new RegExp(pattern)
  } catch (error) {
    return [{ path, message: `is not a regular expression: ${(error as Error).message}` }]
  }
  // Groups counted as the engine counts them: an alternative that matches the empty text
  // shows how many a match would have.
  const groups = new RegExp(`${compiled.source}|`).exec('')?.length ?? 1
  if (groups >= 2) return []
  return [{ path, message: 'needs a group for the version, such as ^v(\\d+\\.\\d+\\.\\d+)$' }]
}
