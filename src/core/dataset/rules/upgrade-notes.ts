import { isJsonObject } from '../../json/is-json-object.ts'
import type { Fault } from '../fault.ts'
import type { DocumentRule } from './rule.ts'

/** Path segments of an address that moves with the project: a branch, or the newest docs. */
const MOVING_SEGMENTS = new Set([
  'main',
  'master',
  'trunk',
  'develop',
  'head',
  'latest',
  'current',
  'stable',
])

/**
 * A version's upgrade notes are for that version: each points at a page pinned to a release
 * (docs/api.md, "Upgrade notes"), as a well-formed http(s) URL no path segment of which names a
 * moving branch or the newest docs (`/blob/main/`, `/docs/latest/`), and none is listed twice.
 */
export const upgradeNotes: DocumentRule = (document) => {
  if (!isJsonObject(document) || !isJsonObject(document.versions)) return []
  const faults: Fault[] = []
  for (const [key, version] of Object.entries(document.versions)) {
    if (!isJsonObject(version) || !Array.isArray(version.upgradeNotes)) continue
    const seen = new Set<string>()
    version.upgradeNotes.forEach((note: unknown, index) => {
      if (!isJsonObject(note) || typeof note.url !== 'string') return
      const path = ['versions', key, 'upgradeNotes', index, 'url']
      const problem = unpinned(note.url)
      if (problem !== null) faults.push({ path, message: problem })
      if (seen.has(note.url)) faults.push({ path, message: `'${note.url}' is listed twice` })
      seen.add(note.url)
    })
  }
  return faults
}

function unpinned(text: string): string | null {
  if (!URL.canParse(text)) return `'${text}' is not a well-formed URL`
  const url = new URL(text)
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || url.hostname === '') {
    return `'${text}' is not a well-formed http(s) URL`
  }
  const moving = url.pathname
    .split('/')
    .find((segment) => MOVING_SEGMENTS.has(segment.toLowerCase()))
  return moving === undefined
    ? null
    : `'${text}' follows '${moving}', which moves: cite the notes at the release's tag or versioned page`
}
