/**
 * The output of `kubectl version -o json` as a stack of one: the cluster's Kubernetes at the
 * server's gitVersion, as deployed (`v1.30.4-eks-a0f0ba7`, `v1.31.2+k3s1` keep their vendor
 * suffix: the version order ignores it, and the caller sees which distribution runs).
 */

import { isJsonObject } from '../../core/json/is-json-object.ts'
import { excerpt } from '../../core/text/excerpt.ts'
import { describeFound } from './describe-found.ts'
import { objectField, textField } from './json-fields.ts'
import { FaultList, type LeftOut, type ReadStackFile, refusedFile } from './stack-file.ts'

export const KUBERNETES = 'kubernetes'

/** @param document the parsed JSON of the file */
export function readKubectlVersion(document: unknown): ReadStackFile {
  const faults = new FaultList()
  if (!isJsonObject(document))
    return refusedFile('kubectl-version', {
      reason: `must be an object, found ${describeFound(document)}`,
      location: '',
    })
  const leftOut: LeftOut[] = []
  const client = objectField(document, 'clientVersion', '', faults)
  const clientVersion = client && textField(client, 'gitVersion', '/clientVersion', faults)
  if (clientVersion !== undefined)
    leftOut.push({
      name: 'kubectl',
      reason: `the client at ${excerpt(clientVersion)}: the machine kubectl ran on, not the cluster`,
      location: '/clientVersion/gitVersion',
    })
  const kustomize = textField(document, 'kustomizeVersion', '', faults)
  if (kustomize !== undefined)
    leftOut.push({
      name: 'kustomize',
      reason: `kubectl's built-in kustomize at ${excerpt(kustomize)}: part of the client, not the cluster`,
      location: '/kustomizeVersion',
    })
  if (document.serverVersion === undefined) {
    faults.push({
      reason:
        "is missing: the file has only the client's version (kubectl could not reach a cluster), and the cluster's version is the stack",
      location: '/serverVersion',
    })
    return fail(faults)
  }
  const server = objectField(document, 'serverVersion', '', faults)
  const version =
    server && textField(server, 'gitVersion', '/serverVersion', faults, { required: true })
  if (faults.length > 0 || version === undefined) return fail(faults)
  return {
    ok: true,
    stack: {
      format: 'kubectl-version',
      components: [{ name: KUBERNETES, version, location: '/serverVersion/gitVersion' }],
      duplicates: [],
      leftOut,
    },
  }
}

function fail(faults: FaultList): ReadStackFile {
  return faults.failure('kubectl-version')
}
