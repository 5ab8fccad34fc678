import { isJsonObject } from '../../json/is-json-object.ts'
import { parseVersion } from '../../version/parse-version.ts'
import type { Fault } from '../fault.ts'
import type { DocumentRule } from './rule.ts'

/**
 * `since: true` says a key documents its release and the later ones of its line (docs/api.md,
 * "Since keys"): the line is the key without its last release part, so the key needs two parts
 * or more. A pre-release belongs to no line (a line's evidence covers its final releases).
 */
export const sinceKeys: DocumentRule = (document) => {
  if (!isJsonObject(document) || !isJsonObject(document.versions)) return []
  const faults: Fault[] = []
  for (const [key, version] of Object.entries(document.versions)) {
    if (!isJsonObject(version) || version.since !== true) continue
    const parsed = parseVersion(key)
    if (parsed === null) continue
    const path = ['versions', key, 'since']
    if (parsed.release.length < 2) {
      faults.push({
        path,
        message: `since needs a key of two or more release parts (such as 1.27.1, whose line is 1.27); '${key}' names a whole line`,
      })
    } else if (parsed.pre !== null || parsed.post !== null) {
      faults.push({
        path,
        message: `since cannot mark the ${parsed.pre !== null ? 'pre' : 'post'}-release '${key}': a line's evidence covers its final releases`,
      })
    }
  }
  return faults
}
