/**
 * The Kubernetes manifests of deploy/kubernetes, validated against the Kubernetes API schemas
 * (the kubernetes-models package, generated from Kubernetes' OpenAPI), and held to what the
 * server actually does: its probes, port, and stop timing.
 */
import assert from 'node:assert/strict'
import { readdirSync, readFileSync } from 'node:fs'
import { test } from 'node:test'
import { fileURLToPath } from 'node:url'
import { Deployment } from 'kubernetes-models/apps/v1'
import { HorizontalPodAutoscaler } from 'kubernetes-models/autoscaling/v2'
import { PodDisruptionBudget } from 'kubernetes-models/policy/v1'
import { ConfigMap, Service } from 'kubernetes-models/v1'
import { parseAllDocuments } from 'yaml'
import { SHUTDOWN_GRACE_MS } from '../../src/http/server-limits.ts'

const DIR = fileURLToPath(new URL('../../deploy/kubernetes/', import.meta.url))

interface Manifest {
  apiVersion: string
  kind: string
  metadata: { name: string }
  spec?: Record<string, unknown>
  [key: string]: unknown
}

const MODELS: Record<string, new (data: never) => { validate(): void }> = {
  'apps/v1 Deployment': Deployment,
  'v1 Service': Service,
  'v1 ConfigMap': ConfigMap,
  'autoscaling/v2 HorizontalPodAutoscaler': HorizontalPodAutoscaler,
  'policy/v1 PodDisruptionBudget': PodDisruptionBudget,
}

function read(name: string): Manifest[] {
  return parseAllDocuments(readFileSync(`${DIR}${name}`, 'utf8')).map((document) => document.toJS())
}

const FILES = readdirSync(DIR).filter(
  (name) => name.endsWith('.yaml') && name !== 'kustomization.yaml' && !name.startsWith('patch-'),
)

for (const name of FILES) {
  test(`${name} is valid against the Kubernetes API schema`, () => {
    for (const manifest of read(name)) {
      const Model = MODELS[`${manifest.apiVersion} ${manifest.kind}`]
      assert.ok(Model, `${name}: no schema for ${manifest.apiVersion} ${manifest.kind}`)
      new Model(manifest as never).validate()
    }
  })
}

const deployment = read('deployment.yaml')[0] as Manifest
// biome-ignore lint/suspicious/noExplicitAny: a manifest is read as untyped data
const pod = (deployment as any).spec.template.spec
const container = pod.containers[0]

test('the Deployment patched to serve a ConfigMap is still valid, and watches its data', () => {
  const patch = read('patch-data-from-configmap.yaml')[0] as Manifest
  // biome-ignore lint/suspicious/noExplicitAny: a manifest is read as untyped data
  const patchPod = (patch as any).spec.template.spec
  const patched = structuredClone(deployment)
  // biome-ignore lint/suspicious/noExplicitAny: a manifest is read as untyped data
  const target = (patched as any).spec.template.spec
  target.containers[0].env.push(...patchPod.containers[0].env)
  target.containers[0].volumeMounts.push(...patchPod.containers[0].volumeMounts)
  target.volumes.push(...patchPod.volumes)
  new Deployment(patched as never).validate()
  const env = Object.fromEntries(
    target.containers[0].env.map((item: { name: string; value: string }) => [
      item.name,
      item.value,
    ]),
  )
  assert.equal(env.COMPAT_WATCH, '1')
  assert.equal(env.COMPAT_DATA_DIR, '/data/projects')
  const configMap = read('data-configmap.yaml')[0] as Manifest
  assert.equal(patchPod.volumes[0].configMap.name, configMap.metadata.name)
})

test('probes ask the server’s own health routes on the port it listens on', () => {
  const env = Object.fromEntries(
    container.env.map((item: { name: string; value: string }) => [item.name, item.value]),
  )
  assert.equal(String(container.ports[0].containerPort), env.PORT)
  assert.equal(env.HOST, '0.0.0.0')
  assert.equal(container.readinessProbe.httpGet.path, '/readyz')
  assert.equal(container.startupProbe.httpGet.path, '/readyz')
  assert.equal(container.livenessProbe.httpGet.path, '/healthz')
})

test('a stopping pod is given longer than its pause plus the server’s grace period', () => {
  const pause = Number(container.lifecycle.preStop.exec.command[1])
  assert.ok(pod.terminationGracePeriodSeconds > pause + SHUTDOWN_GRACE_MS / 1000)
})

test('non-root, read-only root file system, no privileges', () => {
  assert.equal(pod.securityContext.runAsNonRoot, true)
  assert.equal(container.securityContext.readOnlyRootFilesystem, true)
  assert.equal(container.securityContext.allowPrivilegeEscalation, false)
  assert.deepEqual(container.securityContext.capabilities.drop, ['ALL'])
})

test('the Service, the autoscaler and the disruption budget select the Deployment’s pods', () => {
  // biome-ignore lint/suspicious/noExplicitAny: a manifest is read as untyped data
  const labels = (deployment as any).spec.template.metadata.labels
  // biome-ignore lint/suspicious/noExplicitAny: a manifest is read as untyped data
  const service = read('service.yaml')[0] as any
  // biome-ignore lint/suspicious/noExplicitAny: a manifest is read as untyped data
  const pdb = read('pdb.yaml')[0] as any
  // biome-ignore lint/suspicious/noExplicitAny: a manifest is read as untyped data
  const hpa = read('hpa.yaml')[0] as any
  assert.deepEqual(service.spec.selector, labels)
  assert.deepEqual(pdb.spec.selector.matchLabels, labels)
  assert.equal(hpa.spec.scaleTargetRef.name, deployment.metadata.name)
  assert.equal(service.spec.ports[0].targetPort, container.ports[0].name)
})
