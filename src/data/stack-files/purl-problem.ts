/**
 * Whether a purl a file gives can be passed on: it must parse by the purl specification
 * (`readPurl`). One that does not is reported with the component's name, and the component is
 * kept without it, to be matched by its name.
 */

import { readPurl } from '../../core/purl/read-purl.ts'
import { excerpt, quotedExcerpt } from '../../core/text/excerpt.ts'

/** Why `purl` is not passed on, or null when it is. @example purlProblem('npm/ms@2.1.3') // 'the purl "npm/ms@2.1.3" …' */
export function purlProblem(purl: string): string | null {
  const read = readPurl(purl)
  if ('purl' in read) return null
  return `the purl ${quotedExcerpt(purl)} is not a package URL (${excerpt(read.error)}); the component is kept without it`
}

/** The purl's type (`npm`, `pypi`, …), lowercased as the specification compares it; '' when it has none. */
export function purlType(purl: string | undefined): string {
  const read = purl === undefined ? null : readPurl(purl)
  return read !== null && 'purl' in read ? read.purl.type : ''
}
