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
import { pointerTo } from '../import/shape-reader.ts'
import { describeFound } from './describe-found.ts'
import { isJsonObject } from './is-json-object.ts'
import { textField } from './json-fields.ts'
import { keepOneVersion, type VersionCandidate } from './keep-one-version.ts'
import type { LeftOut, ReadStackFile, StackFileFault } from './stack-file.ts'

// Releases helm lists only when asked (`--uninstalled`, `--superseded`, `--all`): not running.
const NOT_RUNNING = new Set(['uninstalled', 'uninstalling', 'superseded'])

// Helm requires a chart's version to be SemVer 2 (a leading v is common: cert-manager-v1.15.3).
// A chart's name has no dots, so the first dash followed by a whole version is where the name
// ends, even when the version itself has dashes (my-chart-1.2.3-rc.1).
const CHART_VERSION =
  /^v?(?:0|[1-9]\d*)\.(?:0|[1-9]\d*)\.(?:0|[1-9]\d*)(?:-[0-9A-Za-z-]+(?:\.[0-9A-Za-z-]+)*)?(?:\+[0-9A-Za-z-]+(?:\.[0-9A-Za-z-]+)*)?$/

/**
 * Splits `helm list`'s chart column into the chart's name and version; null when no dash is
 * followed by a version.
 *
 * @example splitChart('kube-prometheus-stack-65.1.0') // { name: 'kube-prometheus-stack', version: '65.1.0' }
 */
export function splitChart(chart: string): { name: string; version: string } | null {
  for (let dash = chart.indexOf('-'); dash !== -1; dash = chart.indexOf('-', dash + 1)) {
    const version = chart.slice(dash + 1)
    if (dash > 0 && CHART_VERSION.test(version)) return { name: chart.slice(0, dash), version }
  }
  return null
}

/** @param document the parsed JSON of the file */
export function readHelmList(document: unknown): ReadStackFile {
  const faults: StackFileFault[] = []
  if (!Array.isArray(document))
    return fail([
      { reason: `must be a list of releases, found ${describeFound(document)}`, location: '' },
    ])
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
        reason: `release ${releaseName}: its chart "${chart}" has no dash followed by a version`,
        location: pointerTo(location, 'chart'),
      })
      return
    }
    if (status !== undefined && NOT_RUNNING.has(status)) {
      leftOut.push({
        name: split.name,
        reason: `release ${releaseName} is ${status}: not running`,
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

function fail(faults: readonly StackFileFault[]): ReadStackFile {
  return { ok: false, format: 'helm-list', faults }
}
