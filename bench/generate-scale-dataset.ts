/** A synthetic dataset for the scale mode: valid documents, written as JSON files. */
import { mkdir, writeFile } from 'node:fs/promises'
import { join } from 'node:path'

export interface GeneratedDataset {
  readonly projects: number
  readonly versions: number
  readonly dependencies: number
  readonly entries: number
  readonly files: number
  readonly bytes: number
  readonly sampleProject: string
  readonly sampleVersion: string
  readonly sampleDependency: string
}

export async function generateScaleDataset(
  dir: string,
  size: { projects: number; versions: number; dependencies: number },
): Promise<GeneratedDataset> {
  await mkdir(dir, { recursive: true })
  let bytes = 0
  const source = {
    title: 'Synthetic source',
    url: 'https://example.org/docs',
    accessedAt: '2026-11-01',
  }
  for (let p = 0; p < size.projects; p++) {
    const versions: Record<string, unknown> = {}
    for (let v = 0; v < size.versions; v++) {
      const dependencies: Record<string, unknown> = {}
      for (let d = 0; d < size.dependencies; d++) {
        dependencies[`dependency-${d}`] = {
          ranges: [`>=3.${v} <3.${v + 4}`, `${d + 1}.${v}`],
          relationship: d % 2 === 0 ? 'runtime' : 'database',
          confidence: 'high',
          lastVerified: '2026-11-01',
          notes: [`Synthetic entry ${p}/${v}/${d}.`],
          sources: [source],
        }
      }
      versions[`${p % 50}.${v}`] = { dependencies }
    }
    const id = `project-${String(p).padStart(4, '0')}`
    const text = JSON.stringify({
      id,
      name: `Project ${p}`,
      categories: ['synthetic'],
      website: 'https://example.org',
      versions,
    })
    bytes += text.length
    await writeFile(join(dir, `${id}.json`), text)
  }
  return {
    ...size,
    entries: size.projects * size.versions * size.dependencies,
    files: size.projects,
    bytes,
    sampleProject: 'project-1234',
    sampleVersion: `${1234 % 50}.5`,
    sampleDependency: 'dependency-3',
  }
}
