import { isJsonObject } from '../../json/is-json-object.ts'
import { purlKey, readPurl } from '../../purl/read-purl.ts'
import type { Fault } from '../fault.ts'
import type { DocumentRule } from './rule.ts'

/**
 * Each purl identifier parses by the purl specification and names a package, not a release:
 * no version, no qualifiers, no subpath. No identifier is written twice.
 */
export const identifiersRule: DocumentRule = (document) => {
  const identifiers = isJsonObject(document) ? document.identifiers : undefined
  if (!Array.isArray(identifiers)) return []
  const faults: Fault[] = []
  const seen = new Map<string, number>()
  identifiers.forEach((identifier, index) => {
    if (!isJsonObject(identifier)) return
    const path = ['identifiers', index]
    let key: string | null = null
    if (typeof identifier.purl === 'string') {
      const read = readPurl(identifier.purl)
      if ('error' in read) {
        faults.push({
          path: [...path, 'purl'],
          message: `'${identifier.purl}' is not a purl: ${read.error}`,
        })
        return
      }
      if (read.purl.version !== null || read.purl.qualified) {
        faults.push({
          path: [...path, 'purl'],
          message: `'${identifier.purl}' names a release or a variant; an identifier names the package alone (no @version, ?qualifiers or #subpath)`,
        })
      }
      key = `purl ${purlKey(read.purl)}`
    } else if (typeof identifier.cpe === 'string') key = `cpe ${identifier.cpe}`
    else if (typeof identifier.repology === 'string') key = `repology ${identifier.repology}`
    if (key === null) return
    const first = seen.get(key)
    if (first !== undefined) {
      faults.push({ path, message: `the same identifier as identifiers[${first}]` })
    } else seen.set(key, index)
  })
  return faults
}
