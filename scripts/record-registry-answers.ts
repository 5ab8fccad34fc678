/**
 * Records the npm registry's answers the readiness tests read (test/fixtures/registry/npm/,
 * one file a package, by name): every package of the React 18 app's lockfiles and SBOM
 * (test/fixtures/readiness/react18-app/). The registry is the one npm is configured for; no
 * address is written into the files. Each document keeps what readiness reads: the versions
 * with `engines`, `peerDependencies`, `peerDependenciesMeta` and `deprecated`; a package the
 * tests find blocking keeps every version, any other only the versions the files name.
 *
 *   node scripts/record-registry-answers.ts
 */
import { mkdir, readFile, writeFile } from 'node:fs/promises'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import semver from 'semver'
import { readLockfile } from '../src/data/lockfiles/read-lockfile.ts'
import { detectStackFile } from '../src/data/stack-files/detect-stack-file.ts'
import { npmRegistry, packumentUrl } from '../src/registry/npm-registry.ts'

const ROOT = fileURLToPath(new URL('..', import.meta.url))
const APP = join(ROOT, 'test/fixtures/readiness/react18-app')
const OUT = join(ROOT, 'test/fixtures/registry/npm')
// The targets the tests ask about: a package blocking one of them keeps every version.
const TARGETS = [
  { field: 'peerDependencies', key: 'react', version: '19.0.0' },
  { field: 'engines', key: 'node', version: '16.20.2' },
] as const

const wanted = new Map<string, Set<string>>()
const want = (name: string, version: string) => {
  const versions = wanted.get(name) ?? new Set<string>()
  versions.add(version)
  wanted.set(name, versions)
}
const blocking = new Set<string>()
for (const file of ['package-lock.json', 'pnpm-lock.yaml']) {
  const read = readLockfile(await readFile(join(APP, file), 'utf8'), file)
  if (!read.ok) throw new Error(`${file}: ${JSON.stringify(read.faults)}`)
  for (const item of read.lockfile.packages) {
    want(item.name, item.version)
    for (const { field, key, version } of TARGETS) {
      const range = (item.declarations?.[field] as Record<string, unknown> | undefined)?.[key]
      if (typeof range === 'string' && !semver.satisfies(version, range)) blocking.add(item.name)
    }
  }
}
const sbom = detectStackFile(await readFile(join(APP, 'sbom.cdx.json'), 'utf8'))
if (!sbom.ok) throw new Error('sbom.cdx.json does not read')
for (const item of sbom.stack.components) want(item.name, item.version)

const registry = await npmRegistry()
const names = [...wanted.keys()].sort()
let next = 0
const record = async () => {
  while (next < names.length) {
    const name = names[next++] as string
    const response = await fetch(packumentUrl(registry, name), {
      headers: { accept: 'application/vnd.npm.install-v1+json' },
    })
    if (!response.ok) throw new Error(`${name}: the registry answered ${response.status}`)
    const document = (await response.json()) as {
      'dist-tags'?: unknown
      versions: Record<string, Record<string, unknown>>
    }
    const keep = blocking.has(name) ? null : (wanted.get(name) as Set<string>)
    const versions: Record<string, unknown> = {}
    for (const [version, manifest] of Object.entries(document.versions)) {
      if (keep !== null && !keep.has(version)) continue
      versions[version] = Object.fromEntries(
        ['name', 'version', 'engines', 'peerDependencies', 'peerDependenciesMeta', 'deprecated']
          .filter((field) => manifest[field] !== undefined)
          .map((field) => [field, manifest[field]]),
      )
    }
    const file = join(OUT, `${name}.json`)
    await mkdir(dirname(file), { recursive: true })
    // Compact, as a registry sends it (biome.json leaves these files as they are).
    await writeFile(
      file,
      `${JSON.stringify({ name, 'dist-tags': document['dist-tags'], versions })}\n`,
    )
  }
}
await Promise.all(Array.from({ length: 8 }, record))
console.log(`recorded ${names.length} packages (${blocking.size} with every version) in ${OUT}`)
