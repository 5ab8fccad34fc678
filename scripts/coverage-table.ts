/**
 * The coverage table of data/README.md: each project, its newest documented version, its newest
 * upstream release where one was read (data/upstream-releases.json, the saved answer of `compat
 * outdated --json`), how many versions and entries, the hosts its sources are on, and its
 * oldest verification date. `npm run data:coverage` rewrites it between its markers; `--check`
 * fails when it is stale.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import type { Dataset } from '../src/core/dataset/build-dataset.ts'
import { BUNDLED_DATA_DIR } from '../src/data/bundled-data-dir.ts'
import { loadDataset } from '../src/data/load-dataset.ts'

const README = fileURLToPath(new URL('../data/README.md', import.meta.url))
const UPSTREAM_RELEASES = fileURLToPath(new URL('../data/upstream-releases.json', import.meta.url))

/** Project id → its newest upstream release and the day it was read. */
export type UpstreamReleases = ReadonlyMap<
  string,
  { readonly newest: string; readonly readAt: string }
>

/** What the saved `compat outdated --json` answer says, or nothing when there is none. */
export function readUpstreamReleases(file = UPSTREAM_RELEASES): UpstreamReleases {
  if (!existsSync(file)) return new Map()
  const saved = JSON.parse(readFileSync(file, 'utf8')) as {
    readAt: string
    projects: { project: string; newestRelease?: string | null }[]
  }
  return new Map(
    saved.projects
      .filter((row) => typeof row.newestRelease === 'string')
      .map((row) => [row.project, { newest: row.newestRelease as string, readAt: saved.readAt }]),
  )
}
export const START = '<!-- coverage:start (npm run data:coverage) -->'
export const END = '<!-- coverage:end -->'

export function coverageTable(dataset: Dataset, upstream: UpstreamReleases): string {
  const rows = [...dataset.projects.values()].map(({ document, versions }) => {
    const hosts = new Set<string>()
    let entries = 0
    let oldest: string | null = null
    for (const version of versions) {
      for (const { entry } of version.dependencies.values()) {
        entries++
        for (const source of entry.sources) hosts.add(new URL(source.url).hostname)
        const verified = entry.lastVerified ?? 'never'
        if (oldest === null || verified < oldest) oldest = verified
      }
    }
    const aliases = document.aliases?.length ? ` (${document.aliases.join(', ')})` : ''
    const released = upstream.get(document.id)
    const newest = released === undefined ? '—' : `${released.newest} (${released.readAt})`
    return `| ${document.id}${aliases} | ${versions[0]?.key ?? '—'} | ${newest} | ${versions.length} | ${entries} | ${[...hosts].sort().join(', ')} | ${oldest ?? '—'} |`
  })
  return [
    START,
    '| project (aliases) | newest documented | newest upstream release (read) | versions | entries | source hosts | oldest verification |',
    '|---|---|---|---:|---:|---|---|',
    ...rows,
    END,
  ].join('\n')
}

export function withCoverage(readme: string, table: string): string {
  const start = readme.indexOf(START)
  const end = readme.indexOf(END)
  if (start === -1 || end === -1) throw new Error(`${README} has no coverage markers`)
  return `${readme.slice(0, start)}${table}${readme.slice(end + END.length)}`
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const result = await loadDataset(BUNDLED_DATA_DIR)
  if (!result.ok) {
    console.error('the bundled data has faults: run npm run data:validate')
    process.exit(1)
  }
  const readme = readFileSync(README, 'utf8')
  const updated = withCoverage(readme, coverageTable(result.loaded.dataset, readUpstreamReleases()))
  if (process.argv.includes('--check')) {
    if (updated !== readme) {
      console.error(`${README}: the coverage table is out of date: run npm run data:coverage`)
      process.exit(1)
    }
  } else {
    writeFileSync(README, updated)
    console.log(`wrote the coverage table of ${README}`)
  }
}
