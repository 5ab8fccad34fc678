/** What a readiness question asks about (docs/api.md, "Readiness"). */
import type { Ecosystem } from './declarations.ts'

export interface ReadinessTarget {
  /** As asked (`node`, `React`, `python`). */
  readonly name: string
  /** As asked (`24`, `19.0.0`, `3.13`). */
  readonly version: string
  readonly ecosystem: Ecosystem
  /**
   * `runtime`: what every package declares it runs on (npm `engines.node`, PyPI
   * `Requires-Python`); `package`: what every package declares of this one beside it (npm
   * `peerDependencies`, PyPI `Requires-Dist`).
   */
  readonly kind: 'runtime' | 'package'
  /** For a package: its name as its ecosystem spells it (PyPI: PEP 503 normalised). */
  readonly packageName: string | null
  /** The catalogued project the target is, if any (`nodejs`, `python`, `react`). */
  readonly project: string | null
  /** The version the ranges are judged against: `24` is 24.0.0 for npm. */
  readonly judged: string
}
