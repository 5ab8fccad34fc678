/**
 * Whether a purl a file gives can be passed on. Deliberately shallow: checking a purl against
 * its grammar belongs to the module that parses purls; until then a reader passes on what starts
 * with the `pkg:` scheme and reports the rest with the component's name.
 */

/** Why `purl` is not passed on, or null when it is. @example purlProblem('npm/ms@2.1.3') // 'the purl "npm/ms@2.1.3" …' */
export function purlProblem(purl: string): string | null {
  if (purl.startsWith('pkg:')) return null
  return `the purl ${JSON.stringify(purl)} is not a package URL (no "pkg:" scheme); the component is kept without it`
}

/** The purl's type (`npm`, `pypi`, …), lowercased as the specification compares it; '' when it has none. */
export function purlType(purl: string | undefined): string {
  const match = purl === undefined ? null : /^pkg:\/*([^/@?#]+)\//.exec(purl)
  return match === null ? '' : (match[1] as string).toLowerCase()
}
