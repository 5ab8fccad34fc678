/**
 * The output of `helm list -o json` (or `helm list -A -o json`) as a stack: each release's
 * chart at the chart's version, with the release's `app_version` beside it.
 *
 * Which version a release is judged at: the chart's. The chart is what was installed and what
 * `helm upgrade` moves, and its version is the one a chart's own compatibility documents speak
 * of (its kubeVersion, its dependencies). But a catalogued project is often the application the
 * chart deploys (cert-manager's chart and cert-manager share a version; ingress-nginx's chart
 * 4.11.2 deploys the controller 1.11.2), so `app_version` is kept as `appVersion`, a second
 * candidate the caller may match instead. Both are given; the caller decides.
 */

import { isJsonObject } from '../../core/json/is-json-object.ts'
import { excerpt, quotedExcerpt } from '../../core/text/excerpt.ts'
import { pointerTo } from '../import/shape-reader.ts'
import { describeFound } from './describe-found.ts'
import { textField } from './json-fields.ts'
import { keepOneVersion, type VersionCandidate } from './keep-one-version.ts'
import { FaultList, type LeftOut, type ReadStackFile, refusedFile } from './stack-file.ts'
import type { WorkCounter } from './work-counter.ts'

// Releases helm lists only when asked (`--uninstalled`, `--superseded`, `--all`): not running.
const NOT_RUNNING = new Set(['uninstalled', 'uninstalling', 'superseded'])

/**
 * Splits `helm list`'s chart column into the chart's name and version; null when no dash is
 * followed by a version.
 *
 * Helm requires a chart's version to be SemVer 2 (a leading v is common: cert-manager-v1.15.3).
 * A chart's name has no dots, so the first dash followed by a whole version is where the name
 * ends, even when the version itself has dashes (my-chart-1.2.3-rc.1). Trying SemVer's regular
 * expression after every dash took time that grew with the square of the column (a 96,000
 * character chart: seconds); here one pass from the end marks where a valid pre-release and
 * build tail may start, and each dash's `MAJOR.MINOR.PATCH` is read over characters no other
 * dash reads.
 *
 * @example splitChart('kube-prometheus-stack-65.1.0') // { name: 'kube-prometheus-stack', version: '65.1.0' }
 */
export function splitChart(
  chart: string,
  counter?: WorkCounter,
): { name: string; version: string } | null {
  const tails = validTails(chart)
  if (counter !== undefined) counter.steps += chart.length + 1
  for (let dash = chart.indexOf('-'); dash !== -1; dash = chart.indexOf('-', dash + 1)) {
    if (dash === 0) continue
    const core = versionCoreEnd(chart, dash + 1)
    if (counter !== undefined) counter.steps += Math.abs(core) - dash
    if (core > 0 && tails[core] === 1)
      return { name: chart.slice(0, dash), version: chart.slice(dash + 1) }
  }
  return null
}

/**
 * Where `v?MAJOR.MINOR.PATCH` starting at `start` ends (numbers without leading zeros), or
 * minus the position where it stopped being one.
 */
function versionCoreEnd(text: string, start: number): number {
  let index = text.charCodeAt(start) === 0x76 /* v */ ? start + 1 : start
  for (let part = 0; part < 3; part++) {
    if (part > 0) {
      if (text.charCodeAt(index) !== 0x2e /* . */) return -index
      index++
    }
    const first = index
    while (isDigit(text.charCodeAt(index))) index++
    if (index === first || (index - first > 1 && text.charCodeAt(first) === 0x30)) return -index
  }
  return index
}

/**
 * For each position, 1 when the text from there to its end is a valid SemVer tail:
 * `(-PRE)?(+BUILD)?`, PRE and BUILD dot-separated identifiers of `[0-9A-Za-z-]`.
 */
function validTails(text: string): Uint8Array {
  const length = text.length
  // From each position: BUILD to the end; PRE (+BUILD)? to the end; and the same after the
  // first character of an identifier (the rest of it, then more).
  const build = new Uint8Array(length + 2)
  const buildRest = new Uint8Array(length + 2)
  const pre = new Uint8Array(length + 2)
  const preRest = new Uint8Array(length + 2)
  const tails = new Uint8Array(length + 1)
  buildRest[length] = 1
  preRest[length] = 1
  tails[length] = 1
  for (let index = length - 1; index >= 0; index--) {
    const code = text.charCodeAt(index)
    const identifier = isIdentifierCharacter(code)
    buildRest[index] =
      (identifier && buildRest[index + 1] === 1) || (code === 0x2e && build[index + 1] === 1)
        ? 1
        : 0
    preRest[index] =
      (identifier && preRest[index + 1] === 1) ||
      (code === 0x2e && pre[index + 1] === 1) ||
      (code === 0x2b && build[index + 1] === 1)
        ? 1
        : 0
    build[index] = identifier && buildRest[index + 1] === 1 ? 1 : 0
    pre[index] = identifier && preRest[index + 1] === 1 ? 1 : 0
    tails[index] =
      (code === 0x2d && pre[index + 1] === 1) || (code === 0x2b && build[index + 1] === 1) ? 1 : 0
  }
  return tails
}

function isDigit(code: number): boolean {
  return code >= 0x30 && code <= 0x39
}

/** `[0-9A-Za-z-]` */
function isIdentifierCharacter(code: number): boolean {
  return (
    isDigit(code) ||
    (code >= 0x41 && code <= 0x5a) ||
    (code >= 0x61 && code <= 0x7a) ||
    code === 0x2d
  )
}

/** @param document the parsed JSON of the file */
export function readHelmList(document: unknown): ReadStackFile {
  const faults = new FaultList()
  if (!Array.isArray(document))
    return refusedFile('helm-list', {
      reason: `must be a list of releases, found ${describeFound(document)}`,
      location: '',
    })
  const leftOut: LeftOut[] = []
  const candidates: VersionCandidate[] = []
  document.forEach((release, index) => {
    const location = pointerTo('', index)
    if (!isJsonObject(release)) {
      faults.push({ reason: `must be a release object, found ${describeFound(release)}`, location })
      return
    }
    const releaseName = textField(release, 'name', location, faults, { required: true })
    const chart = textField(release, 'chart', location, faults, { required: true })
    const appVersion = textField(release, 'app_version', location, faults)
    const status = textField(release, 'status', location, faults)
    if (releaseName === undefined || chart === undefined) return
    const split = splitChart(chart)
    if (split === null) {
      leftOut.push({
        name: chart,
        reason: `release ${excerpt(releaseName)}: its chart ${quotedExcerpt(chart)} has no dash followed by a version`,
        location: pointerTo(location, 'chart'),
      })
      return
    }
    if (status !== undefined && NOT_RUNNING.has(status)) {
      leftOut.push({
        name: split.name,
        reason: `release ${excerpt(releaseName)} is ${status}: not running`,
        location,
      })
      return
    }
    candidates.push({
      key: split.name,
      component: {
        ...split,
        // helm writes "" for a chart without appVersion.
        ...(appVersion === undefined || appVersion === '' ? {} : { appVersion }),
        location,
      },
      direct: false,
    })
  })
  if (faults.length > 0) return fail(faults)
  return { ok: true, stack: { format: 'helm-list', ...keepOneVersion(candidates), leftOut } }
}

function fail(faults: FaultList): ReadStackFile {
  return faults.failure('helm-list')
}
