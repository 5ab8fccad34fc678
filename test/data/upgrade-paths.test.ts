/**
 * Upgrade paths and supported stacks on the bundled data, through the HTTP app (docs/api.md,
 * "Upgrade paths", "Supported stacks"): the examples the docs give hold on the data shipped.
 */
import assert from 'node:assert/strict'
import { after, before, test } from 'node:test'
import type { FastifyInstance } from 'fastify'
import { BUNDLED_DATA_DIR } from '../../src/data/bundled-data-dir.ts'
import { loadDataset } from '../../src/data/load-dataset.ts'
import { buildApp } from '../../src/http/app.ts'
import { DatasetHolder } from '../../src/http/dataset-holder.ts'

interface Pair {
  readonly project: string
  readonly dependency: string
  readonly compatible: string
}
interface Step {
  readonly component: string
  readonly from: string | null
  readonly to: string
  readonly reason: string
  readonly stack: Record<string, string>
  readonly pairs: readonly Pair[]
  readonly notes: readonly { readonly title: string; readonly url: string }[]
}

let app: FastifyInstance
before(async () => {
  const loaded = await loadDataset(BUNDLED_DATA_DIR)
  if (!loaded.ok) throw new Error('the bundled dataset has faults')
  const holder = new DatasetHolder()
  holder.replace(loaded.loaded)
  app = await buildApp({ holder, clock: () => new Date('2026-11-28T12:00:00Z') })
})
after(() => app.close())

async function plan(body: object) {
  const response = await app.inject({
    method: 'POST',
    url: '/api/v1/plan',
    headers: { 'content-type': 'application/json' },
    payload: JSON.stringify(body),
  })
  assert.equal(response.statusCode, 200, response.body)
  return response.json()
}

async function stackVerdict(components: Record<string, string>): Promise<readonly Pair[]> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/v1/stack',
    headers: { 'content-type': 'application/json' },
    payload: JSON.stringify({ components }),
  })
  assert.equal(response.statusCode, 200, response.body)
  return response.json().pairs
}

const CLUSTER = {
  kubernetes: '1.31',
  'cert-manager': '1.15',
  'cloudnative-pg': '1.24',
  'ingress-nginx': '1.12.0',
  'argo-cd': '2.14',
}

test('a Kubernetes 1.31 cluster with four add-ons reaches 1.34 one minor at a time, every step checked', async () => {
  const answer = await plan({ components: CLUSTER, target: { kubernetes: '1.34' }, path: true })
  assert.equal(answer.feasible, true, answer.reason)
  const steps = answer.steps as Step[]
  const controlPlane = steps
    .filter((step) => step.component === 'kubernetes')
    .map((step) => [step.from, step.to])
  assert.deepEqual(controlPlane, [
    ['1.31', '1.32'],
    ['1.32', '1.33'],
    ['1.33', '1.34'],
  ])
  assert.deepEqual(steps.at(-1)?.stack, answer.result)
  // Every stack on the way, asked again as a stack: no pair acceptable at the start breaks.
  const pairName = (pair: Pair) => `${pair.project} → ${pair.dependency}`
  const broken = new Set(
    (await stackVerdict(CLUSTER)).filter((pair) => pair.compatible !== 'compatible').map(pairName),
  )
  let previous: Record<string, string> = CLUSTER
  for (const step of steps) {
    const moved = Object.keys(step.stack).filter((name) => step.stack[name] !== previous[name])
    assert.deepEqual(moved, [step.component], `one component per step: ${step.reason}`)
    assert.match(step.reason, new RegExp(step.component))
    for (const pair of await stackVerdict(step.stack)) {
      assert.ok(
        pair.compatible === 'compatible' || broken.has(pairName(pair)),
        `${pairName(pair)} is ${pair.compatible} after ${step.component} → ${step.to}`,
      )
    }
    previous = step.stack
  }
  assert.ok(
    (answer.pairs as Pair[]).every((pair) => pair.compatible === 'compatible'),
    'the final stack is acceptable under block',
  )
})

test('each add-on moves by its documented rule, and every hop links the upgrade notes of the keys it passes', async () => {
  const answer = await plan({ components: CLUSTER, target: { kubernetes: '1.34' }, path: true })
  const steps = answer.steps as Step[]
  const hops = (component: string) =>
    steps.filter((step) => step.component === component).map((step) => [step.from, step.to])
  // cert-manager's upgrade page: one minor version at a time.
  assert.deepEqual(hops('cert-manager'), [
    ['1.15', '1.16'],
    ['1.16', '1.17'],
    ['1.17', '1.18'],
    ['1.18', '1.19'],
  ])
  // CloudNativePG's own rule too; Argo CD and ingress-nginx document none (any later release).
  assert.ok(hops('cloudnative-pg').every(([from, to]) => minorOf(to) - minorOf(from) === 1))
  assert.deepEqual(hops('argo-cd'), [['2.14', '3.1']])
  for (const step of steps) {
    assert.ok(step.notes.length > 0, `step ${step.component} ${step.from} → ${step.to} has notes`)
    for (const note of step.notes)
      assert.match(note.url, /^https:\/\/github\.com\/[^/]+\/[^/]+\/blob\/(?!main\/|master\/)/)
  }
  // Argo CD moves over 3.0: its notes come with the step, before 3.1's.
  const argo = steps.find((step) => step.component === 'argo-cd')
  assert.deepEqual(
    argo?.notes.map((note) => note.url.replace(/^.*\/upgrading\//, '')),
    ['2.14-3.0.md', '3.0-3.1.md'],
  )
  // Each control-plane hop links that release's changelog at its tag.
  for (const step of steps.filter((one) => one.component === 'kubernetes')) {
    assert.ok(
      step.notes.some((note) =>
        note.url.includes(`/v${step.to}.0/CHANGELOG/CHANGELOG-${step.to}.md`),
      ),
    )
  }
})

function minorOf(version: string | null | undefined): number {
  return Number((version ?? '').split('.')[1])
}

test('three add-ons brought to lines supported on 2027-06-30, without a target', async () => {
  const components = { 'cert-manager': '1.15', 'cloudnative-pg': '1.24', 'argo-cd': '2.14' }
  for (const path of [false, true]) {
    const answer = await plan({ components, supportedOn: '2027-06-30', path })
    assert.equal(answer.feasible, true, answer.reason)
    assert.deepEqual(answer.target, {})
    for (const [name, version] of Object.entries(answer.result as Record<string, string>)) {
      const response = await app.inject({
        method: 'GET',
        url: `/api/v1/projects/${name}/lifecycle?date=2027-06-30`,
      })
      const lines = response.json().lines as { line: string; status: string }[]
      const line = lines.find(
        (candidate) => version === candidate.line || version.startsWith(`${candidate.line}.`),
      )
      assert.ok(line, `${name} ${version} has a release line`)
      assert.ok(
        line.status === 'supported' || line.status === 'security-only',
        `${name} ${version}: ${line.status} on 2027-06-30`,
      )
    }
  }
})

test('a day the data cannot support says which component and why', async () => {
  const answer = await plan({ components: CLUSTER, supportedOn: '2027-06-30' })
  assert.equal(answer.feasible, false)
  // ingress-nginx was retired: every line of it ended in March 2026.
  const ingress = (answer.blocking as { component: string; support?: string }[]).find(
    (blocking) => blocking.component === 'ingress-nginx',
  )
  assert.match(ingress?.support ?? '', /supported on 2027-06-30.*end-of-life/)
})
