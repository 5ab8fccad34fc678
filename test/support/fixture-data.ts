/** Small data directories for deterministic tests, written under the system's temp directory. */
import { mkdir, rm, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { tempDir } from './temp-dir.ts'

/**
 * One project, `demo` 2.0, with an entry for every verdict and every stale case (as of
 * 2026-11-22, a year): python high and 316 days old (fresh), postgresql medium and never
 * verified, redis low from 2020 with no ranges, demo-cli same-version and fresh, memcached low
 * and never verified (stale too: never verified is stale whatever the confidence).
 */
export const DEMO_PROJECT = `id: demo
name: Demo
categories: [test]
website: https://demo.example.org/
versions:
  "2.0":
    dependencies:
      python:
        ranges: [">=3.10 <3.13"]
        relationship: runtime
        confidence: high
        lastVerified: "2026-01-10"
        notes: ["Tested on CI."]
        sources:
          - &docs
            title: Demo installation guide
            url: https://demo.example.org/docs/install
            accessedAt: "2026-01-10"
      postgresql:
        ranges: ["15", "16"]
        relationship: database
        confidence: medium
        lastVerified: null
        notes: []
        sources: [*docs]
      redis:
        ranges: []
        relationship: cache
        confidence: low
        lastVerified: "2020-05-01"
        notes: []
        sources: []
      demo-cli:
        ranges: []
        constraints: [{ type: same-version }]
        relationship: bundled
        confidence: medium
        lastVerified: "2026-11-01"
        notes: []
        sources: [*docs]
      memcached:
        ranges: ["1.6"]
        relationship: cache
        confidence: low
        lastVerified: null
        notes: []
        sources: []
  "1.0":
    dependencies:
      python:
        ranges: ["3.8", "3.9"]
        relationship: runtime
        confidence: high
        lastVerified: "2026-11-20"
        notes: []
        sources: [{ title: Demo 1.0 notes, url: "https://demo.example.org/1.0", accessedAt: "2026-11-20" }]
`

/**
 * Three faults in one file, each on a line the tests name: a range with '^' (line 9,
 * column 18), high confidence without a date (line 12) and without a source (line 14).
 */
export const BROKEN_PROJECT = `id: broken
name: Broken
categories: [test]
website: https://broken.example.org/
versions:
  "1.0":
    dependencies:
      python:
        ranges: ["^3"]
        relationship: runtime
        confidence: high
        lastVerified: null
        notes: []
        sources: []
`

export interface FixtureDir {
  /** The temp directory holding `projects/`; a cwd to test relative paths from. */
  readonly root: string
  /** The data directory: `root/projects`. */
  readonly dir: string
  readonly remove: () => Promise<void>
}

/** Writes `files` (name → content) into a fresh `projects/` directory under os.tmpdir(). */
export async function writeDataDir(files: Readonly<Record<string, string>>): Promise<FixtureDir> {
  const root = await tempDir('compat-cli-')
  const dir = join(root, 'projects')
  await mkdir(dir)
  for (const [name, text] of Object.entries(files)) await writeFile(join(dir, name), text)
  return { root, dir, remove: () => rm(root, { recursive: true, force: true }) }
}
