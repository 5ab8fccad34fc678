/**
 * A Helm chart's `Chart.yaml`: `kubeVersion`, the Kubernetes versions the chart admits (a
 * Masterminds semver constraint, `>= 1.25.0-0`), judged by the oldest line it admits.
 */
import { convertHelmConstraint } from '../import/convert-helm-constraint.ts'
import type { RepositoryFileReader } from './file-reading.ts'
import { writtenRange } from './written-range.ts'
import { mapValue, readYaml, scalarText } from './yaml-nodes.ts'

/** @example readChart('apiVersion: v2\nkubeVersion: ">=1.25.0-0"\n', 'Chart.yaml', context).declarations[0]?.declared // { range: '>=1.25.0-0', ranges: ['>=1.25.0'] } */
export const readChart: RepositoryFileReader = (text, file) => {
  const read = readYaml(text)
  if ('fault' in read) return { declarations: [], faults: [{ file, ...read.fault }] }
  const { yaml } = read
  const node = mapValue(yaml, yaml.document.contents, 'kubeVersion')
  const written = scalarText(node)
  if (node === undefined || written === undefined) return { declarations: [], faults: [] }
  return {
    declarations: [
      {
        component: 'kubernetes',
        kind: 'kube-version',
        text: written,
        declared: writtenRange(written, convertHelmConstraint),
        location: { file, line: yaml.lineOf(node) },
      },
    ],
    faults: [],
  }
}
