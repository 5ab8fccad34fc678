/**
 * The coverage table of data/README.md: each project, its newest documented version, how many
 * versions and entries, the hosts its sources are on, and its oldest verification date.
 * `npm run data:coverage` rewrites it between its markers; `--check` fails when it is stale.
 */
import { readFileSync, writeFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import type { Dataset } from '../src/core/dataset/build-dataset.ts'
import { BUNDLED_DATA_DIR } from '../src/data/bundled-data-dir.ts'
import { loadDataset } from '../src/data/load-dataset.ts'

const README = fileURLToPath(new URL('../data/README.md', import.meta.url))
export const START = '<!-- coverage:start (npm run data:coverage) -->'
export const END = '<!-- coverage:end -->'

export function coverageTable(dataset: Dataset): string {
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
    return `| ${document.id}${aliases} | ${versions[0]?.key ?? '—'} | ${versions.length} | ${entries} | ${[...hosts].sort().join(', ')} | ${oldest ?? '—'} |`
  })
  return [
    START,
    '| project (aliases) | newest documented | versions | entries | source hosts | oldest verification |',
    '|---|---|---:|---:|---|---|',
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
  const updated = withCoverage(readme, coverageTable(result.loaded.dataset))
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
