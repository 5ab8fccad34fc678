/**
 * A synthetic dataset for the scale modes: valid documents written as YAML files the way
 * maintainers write them (a source defined once with an anchor and reused by alias), or as
 * JSON. Entries vary their ranges, notes and relationships so nothing is trivially shared.
 */
import { mkdir, writeFile } from 'node:fs/promises'
import { join } from 'node:path'

export interface GeneratedDataset {
  readonly projects: number
  readonly versions: number
  readonly dependencies: number
  readonly entries: number
  readonly files: number
  readonly bytes: number
  readonly format: 'yaml' | 'json'
  readonly sampleProject: string
  readonly sampleVersion: string
  readonly sampleDependency: string
  /** A release line the sample entry documents as a series: its versions are compatible. */
  readonly sampleSeries: string
  /** A release line outside every range of the sample entry: its versions are incompatible. */
  readonly sampleOutside: string
}

export interface ScaleSize {
  readonly projects: number
  readonly versions: number
  readonly dependencies: number
  readonly format?: 'yaml' | 'json'
}

export async function generateScaleDataset(
  dir: string,
  size: ScaleSize,
): Promise<GeneratedDataset> {
  await mkdir(dir, { recursive: true })
  const format = size.format ?? 'yaml'
  let bytes = 0
  const pending: Promise<void>[] = []
  for (let p = 0; p < size.projects; p++) {
    const id = `project-${String(p).padStart(5, '0')}`
    const text = format === 'yaml' ? yamlProject(id, p, size) : jsonProject(id, p, size)
    bytes += Buffer.byteLength(text)
    pending.push(writeFile(join(dir, `${id}.${format}`), text))
    if (pending.length >= 64) await Promise.all(pending.splice(0))
  }
  await Promise.all(pending)
  const sample = Math.min(1234, size.projects - 1)
  // The sample entry is version 5 of its project, dependency 3: ranges ">=3.5 <3.9" and "4.5".
  const sampleVersionIndex = Math.min(5, size.versions - 1)
  const sampleDependencyIndex = Math.min(3, size.dependencies - 1)
  return {
    ...size,
    format,
    entries: size.projects * size.versions * size.dependencies,
    files: size.projects,
    bytes,
    sampleProject: `project-${String(sample).padStart(5, '0')}`,
    sampleVersion: `${sample % 50}.${sampleVersionIndex}`,
    sampleDependency: `dependency-${sampleDependencyIndex}`,
    sampleSeries: `${sampleDependencyIndex + 1}.${sampleVersionIndex}`,
    sampleOutside: `3.${sampleVersionIndex + 6}`,
  }
}

function yamlProject(id: string, p: number, size: ScaleSize): string {
  const lines = [
    '# yaml-language-server: $schema=../schema/project.schema.json',
    `id: ${id}`,
    `name: Project ${p}`,
    `description: Synthetic project ${p} for the scale benchmark.`,
    'categories: [synthetic]',
    'website: https://example.org/',
    'versions:',
  ]
  let first = true
  for (let v = 0; v < size.versions; v++) {
    lines.push(`  "${p % 50}.${v}":`, '    dependencies:')
    for (let d = 0; d < size.dependencies; d++) {
      lines.push(
        `      dependency-${d}:`,
        `        ranges: [">=3.${v} <3.${v + 4}", "${d + 1}.${v}"]`,
        `        relationship: ${d % 2 === 0 ? 'runtime' : 'database'}`,
        '        confidence: high',
        '        lastVerified: "2026-11-01"',
        `        notes: ["Synthetic entry ${p}/${v}/${d}."]`,
      )
      if (first) {
        lines.push(
          '        sources:',
          '          - &docs',
          `            title: Project ${p} installation guide`,
          `            url: https://example.org/${id}/docs/install`,
          '            accessedAt: "2026-11-01"',
        )
        first = false
      } else {
        lines.push('        sources: [*docs]')
      }
    }
  }
  return `${lines.join('\n')}\n`
}

function jsonProject(id: string, p: number, size: ScaleSize): string {
  const source = {
    title: `Project ${p} installation guide`,
    url: `https://example.org/${id}/docs/install`,
    accessedAt: '2026-11-01',
  }
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
  return JSON.stringify({
    id,
    name: `Project ${p}`,
    description: `Synthetic project ${p} for the scale benchmark.`,
    categories: ['synthetic'],
    website: 'https://example.org/',
    versions,
  })
}
