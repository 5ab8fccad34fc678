/**
 * What `npm run build` reads, as one fingerprint: every file's path, size and modification
 * time under the inputs below. `scripts/build.ts` records it in dist/; `npm start` and
 * `npm test` rebuild only when it changed (a fresh clone, an edit, a `git pull`).
 * Plain JavaScript, so that checking costs a few milliseconds and no TypeScript loader.
 */
import { createHash } from 'node:crypto'
import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join, relative } from 'node:path'
import { fileURLToPath } from 'node:url'

export const ROOT = fileURLToPath(new URL('..', import.meta.url))
export const STAMP = join(ROOT, 'dist', '.build-inputs')

const INPUTS = [
  'src',
  'web',
  'data/projects',
  'scripts/build.ts',
  'scripts/bundle-web.ts',
  'tsconfig.json',
  'tsconfig.build.json',
  'package.json',
  'package-lock.json',
]

/** The fingerprint of the build's inputs as they are now. */
export function buildInputsFingerprint() {
  const hash = createHash('sha256')
  const visit = (path) => {
    let info
    try {
      info = statSync(path)
    } catch {
      hash.update(`${relative(ROOT, path)}:absent\n`)
      return
    }
    if (info.isDirectory()) {
      for (const name of readdirSync(path).sort()) visit(join(path, name))
      return
    }
    hash.update(`${relative(ROOT, path)}:${info.size}:${info.mtimeMs}\n`)
  }
  for (const input of INPUTS) visit(join(ROOT, input))
  return hash.digest('hex')
}

/** The fingerprint the last build recorded, or null when there is none. */
export function recordedFingerprint() {
  try {
    return readFileSync(STAMP, 'utf8').trim()
  } catch {
    return null
  }
}
