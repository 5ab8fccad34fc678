/** The purls a project answers to: those its document writes, and those its upstream implies. */

import { packageUrlOfName } from '../purl/package-url.ts'
import { type Purl, purlKey, readPurl } from '../purl/read-purl.ts'
import type { ProjectDocument } from './schema.ts'

export interface ProjectPurls {
  readonly written: readonly Purl[]
  /** From `upstream`: npm and PyPI packages, GitHub repositories (docs/api.md, "Identifiers"). */
  readonly implied: readonly Purl[]
}

/** @example projectPurls(django).implied // [{ type: 'pypi', name: 'django', … }] */
export function projectPurls(
  document: Pick<ProjectDocument, 'identifiers' | 'upstream'>,
): ProjectPurls {
  const written: Purl[] = []
  for (const identifier of document.identifiers ?? []) {
    if (!('purl' in identifier)) continue
    const read = readPurl(identifier.purl)
    if ('purl' in read) written.push(read.purl)
  }
  return { written, implied: impliedPurls(document.upstream) }
}

/** The same, as they compare (`purlKey`): what a dataset indexes. */
export interface ProjectPurlKeys {
  readonly written: readonly string[]
  readonly implied: readonly string[]
}

/** @example projectPurlKeys(django).implied // ['pypi//django'] */
export function projectPurlKeys(
  document: Pick<ProjectDocument, 'identifiers' | 'upstream'>,
): ProjectPurlKeys {
  const { written, implied } = projectPurls(document)
  return { written: written.map(purlKey), implied: implied.map(purlKey) }
}

function impliedPurls(upstream: ProjectDocument['upstream']): Purl[] {
  if (upstream === undefined) return []
  const text =
    'npm' in upstream
      ? packageUrlOfName('npm', upstream.npm)
      : 'pypi' in upstream
        ? packageUrlOfName('pypi', upstream.pypi)
        : 'github' in upstream
          ? packageUrlOfName('github', upstream.github)
          : null
  if (text === null) return []
  const read = readPurl(text)
  return 'purl' in read ? [read.purl] : []
}
