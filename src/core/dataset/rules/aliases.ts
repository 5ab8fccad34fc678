import { isJsonObject } from '../../json/is-json-object.ts'
import type { Fault } from '../fault.ts'
import { stringsAt } from '../walk-document.ts'
import type { DocumentRule } from './rule.ts'

/**
 * An alias names the project under another id (docs/api.md, "Aliases"): never its own id,
 * never twice. Uniqueness across documents is checked where all of them are seen (the loader).
 */
export const aliases: DocumentRule = (document) => {
  if (!isJsonObject(document)) return []
  const faults: Fault[] = []
  const seen = new Set<string>()
  for (const [index, alias] of stringsAt(document.aliases)) {
    if (alias === document.id) {
      faults.push({ path: ['aliases', index], message: `alias '${alias}' is the project's own id` })
    } else if (seen.has(alias)) {
      faults.push({ path: ['aliases', index], message: `alias '${alias}' is listed twice` })
    }
    seen.add(alias)
  }
  return faults
}
