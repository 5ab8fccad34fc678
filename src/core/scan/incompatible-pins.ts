/**
 * Pinned versions of two catalogued projects that the evidence documents as incompatible
 * (docs/cli.md, "compat scan"): each such pair once, located at every line that pins either
 * version — both ends of the problem. A pin that names a whole release line (`node:18`,
 * `18.x`, `postgres:11`) runs that line's newest release, so it is judged at the line's
 * `latest` when the data records it: `18` is not 18.0.0.
 */
import type { Dataset } from '../dataset/build-dataset.ts'
import { findProject } from '../dataset/build-dataset.ts'
import { evaluateStack } from '../stack/evaluate-stack.ts'
import type { SourceLocation } from './scan-declaration.ts'
import type { Finding, ScanProblem } from './scan-result.ts'

interface Pin {
  readonly project: string
  readonly version: string
  readonly locations: SourceLocation[]
}

/** @example incompatiblePins(dataset, findings) // [{ rule: 'incompatible', message: 'Keycloak 21.1 and PostgreSQL 17: …', locations: [...] }] */
export function incompatiblePins(dataset: Dataset, findings: readonly Finding[]): ScanProblem[] {
  const pins = new Map<string, Pin>()
  for (const finding of findings) {
    if (finding.project === null || typeof finding.version !== 'string') continue
    const version = judgedVersion(dataset, finding.project, finding.version, finding.releaseLine)
    const key = `${finding.project}\0${version}`
    const pin = pins.get(key)
    if (pin === undefined) {
      pins.set(key, { project: finding.project, version, locations: [finding.location] })
    } else pin.locations.push(finding.location)
  }
  const distinct = [...pins.values()]
  const problems: ScanProblem[] = []
  for (let i = 0; i < distinct.length; i++) {
    for (let j = i + 1; j < distinct.length; j++) {
      const a = distinct[i] as Pin
      const b = distinct[j] as Pin
      if (a.project === b.project) continue
      const { pairs } = evaluateStack(dataset, {
        components: [
          [a.project, a.version],
          [b.project, b.version],
        ],
      })
      const bad = pairs.filter((pair) => pair.compatible === 'incompatible')
      if (bad.length === 0) continue
      const named = (pin: Pin) =>
        `${findProject(dataset, pin.project)?.document.name ?? pin.project} ${pin.version}`
      problems.push({
        rule: 'incompatible',
        message: `${named(a)} and ${named(b)} are documented incompatible: ${bad.map((pair) => pair.reason).join(' ')}`,
        locations: [...a.locations, ...b.locations],
      })
    }
  }
  return problems
}

/** The version a pin runs: the line's newest recorded release when the pin names the line itself. */
export function judgedVersion(
  dataset: Dataset,
  project: string,
  version: string,
  releaseLine: string | null,
): string {
  if (releaseLine === null || version.replace(/^v/i, '') !== releaseLine) return version
  const latest = findProject(dataset, project)?.document.lifecycle?.lines[releaseLine]?.latest
  return latest ?? version
}
