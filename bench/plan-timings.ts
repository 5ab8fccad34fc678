/**
 * CPU time per plan and upgrade-path answer (docs/api.md, "Plans"), in process on the bundled
 * data: the core's evaluatePlan as the route calls it, each call a new search (the answer cache
 * is for the HTTP rows). The target is 100 ms of CPU at 32 components, whatever the input; and
 * the share of seeded random plans and paths whose search runs out of its budget.
 */
import { join } from 'node:path'
import type { Dataset } from '../src/core/dataset/build-dataset.ts'
import { evaluatePlan, type PlanRequest } from '../src/core/plan/evaluate-plan.ts'
import { loadDataset } from '../src/data/load-dataset.ts'
import { randomPlans } from './random-plans.ts'

const TARGET_MS = 100
// Support on the answer's day costs the same whatever the day: a fixed one keeps runs alike.
const BENCH_DAY = '2026-11-28'

interface Scenario {
  readonly name: string
  readonly request: PlanRequest
}

export async function planTimings(runs: number): Promise<string[]> {
  const loaded = await loadDataset(join(process.cwd(), 'data/projects'))
  if (!loaded.ok) throw new Error('bench: the bundled data has faults')
  const dataset = loaded.loaded.dataset
  const rows = [
    `## Plans: CPU time per answer, ${runs} runs each, in process on the bundled data`,
    '',
    '| plan | components | answer | first ms | median ms | max ms | target |',
    '|---|---:|---|---:|---:|---:|---:|',
  ]
  let slowest = { ms: 0, name: '' }
  const time = ({ name, request }: Scenario) => {
    const times: number[] = []
    let answer = ''
    for (let run = 0; run < runs; run++) {
      const started = process.cpuUsage()
      const plan = evaluatePlan(dataset, request, BENCH_DAY)
      const used = process.cpuUsage(started)
      times.push((used.user + used.system) / 1000)
      answer =
        plan.feasible === null
          ? 'budget ran out'
          : plan.feasible
            ? plan.steps === undefined
              ? `feasible, ${plan.changes.length} moves`
              : `feasible, ${plan.steps.length} steps`
            : 'infeasible'
    }
    const sorted = [...times].sort((a, b) => a - b)
    const median = sorted[Math.floor(sorted.length / 2)] as number
    const max = sorted[sorted.length - 1] as number
    if (max > slowest.ms) slowest = { ms: max, name }
    const count = new Set([...request.components, ...request.target].map(([named]) => named)).size
    const verdict = count < 32 ? '—' : `≤ ${TARGET_MS} ${max <= TARGET_MS ? '✓' : '✗'}`
    rows.push(
      `| ${name} | ${count} | ${answer} | ${(times[0] as number).toFixed(1)} | ${median.toFixed(1)} | ${max.toFixed(1)} | ${verdict} |`,
    )
  }
  // The README's plan comes first: its first answer is the process's first plan, as a freshly
  // started server answers it.
  for (const scenario of planScenarios(dataset)) time(scenario)
  time(slowestRandom(dataset, 300, false))
  for (const scenario of pathScenarios(dataset)) time(scenario)
  time(slowestRandom(dataset, 300, true))
  rows.push('', `slowest single answer: ${slowest.ms.toFixed(1)} ms (${slowest.name})`, '')
  rows.push(...budgetShares(dataset, 2000))
  return rows
}

/**
 * How many of `count` seeded random plans of 1 to 32 components (docs/performance.md, "Plans":
 * as a new user would try them) answer `feasible: null`, as plans and as paths (half of them
 * with supportedOn), with the CPU time of each kind.
 */
function budgetShares(dataset: Dataset, count: number): string[] {
  const rows = [
    `### Seeded random requests of 1 to 32 components (${count} of each, seed 43)`,
    '',
    '| kind | ran out of budget | feasible | infeasible | median ms | p99 ms | max ms |',
    '|---|---:|---:|---:|---:|---:|---:|',
  ]
  for (const path of [false, true]) {
    const plans = randomPlans(dataset, count, 43, { path, supportedOn: '2027-06-30' })
    const counts = { null: 0, true: 0, false: 0 }
    const times: number[] = []
    for (const request of plans) {
      const started = process.cpuUsage()
      const answer = evaluatePlan(dataset, request, BENCH_DAY)
      const used = process.cpuUsage(started)
      times.push((used.user + used.system) / 1000)
      counts[String(answer.feasible) as keyof typeof counts]++
    }
    times.sort((a, b) => a - b)
    const at = (share: number) =>
      (times[Math.min(times.length - 1, Math.floor(times.length * share))] as number).toFixed(1)
    rows.push(
      `| ${path ? 'paths' : 'plans'} | ${counts.null} (${((100 * counts.null) / count).toFixed(2)} %) | ${counts.true} | ${counts.false} | ${at(0.5)} | ${at(0.99)} | ${at(1)} |`,
    )
  }
  rows.push('')
  return rows
}

const finalKeys = (dataset: Dataset, id: string) =>
  (dataset.projects.get(id)?.versions ?? [])
    .filter((version) => version.version.pre === null)
    .map((version) => version.key)

const documenting = (dataset: Dataset, dependency: string) =>
  [...dataset.projects.values()]
    .filter((project) => project.versions.some((version) => version.dependencies.has(dependency)))
    .map((project) => project.document.id)

/** The README's plan: its stack to Kubernetes 1.34. */
const README_PLAN: PlanRequest = {
  components: [
    ['kubernetes', '1.33.2'],
    ['cnpg', 'v1.27.1'],
    ['postgresql', '17.2'],
    ['cert-manager', '1.17.0'],
  ],
  target: [['kubernetes', '1.34']],
  unknown: 'block',
}

/**
 * The README's example, and 32 components built to make the planner work: every project that
 * documents Kubernetes, each at its oldest release, against a newer Kubernetes (many components
 * must move and each has many keys).
 */
function planScenarios(dataset: Dataset): Scenario[] {
  const oldest = (id: string) => [id, finalKeys(dataset, id).at(-1) as string] as const
  const users = documenting(dataset, 'kubernetes')
  const crafted = (target: string, unknown: 'block' | 'allow', feasible: boolean): Scenario => {
    // For a feasible plan, the components that block it are swapped for other projects that
    // document Kubernetes until one exists: 32 components, most of them moving.
    let chosen = users.slice(0, 31)
    const request = (): PlanRequest => ({
      components: [['kubernetes', '1.28.0'], ...chosen.map(oldest)],
      target: [['kubernetes', target]],
      unknown,
    })
    for (let tries = 0; feasible && tries < 10; tries++) {
      const blocked = new Set(
        (evaluatePlan(dataset, request(), BENCH_DAY).blocking ?? []).map((b) => b.component),
      )
      if (blocked.size === 0) break
      const kept = chosen.filter((id) => !blocked.has(id))
      const spare = users.filter((id) => !chosen.includes(id))
      chosen = [...kept, ...spare].slice(0, 31)
    }
    return {
      name: `Kubernetes 1.28.0 and 31 projects that document it${feasible ? ' (those that block it swapped out)' : ''}, each at its oldest key → ${target}, unknown ${unknown}`,
      request: request(),
    }
  }
  return [
    { name: "the README's example stack → Kubernetes 1.34", request: README_PLAN },
    crafted('1.33', 'allow', true),
    crafted('1.33', 'block', false),
    crafted('1.35', 'block', false),
    crafted('1.30', 'allow', false),
  ]
}

/**
 * Upgrade paths: the docs' example (a Kubernetes 1.31 cluster with four add-ons to 1.34), the
 * README's stack as a path, three add-ons asked to be supported on a day, and 32 components
 * built to make the path search work: Kubernetes and 31 projects that document it, each at the
 * lowest key that names the starting minor, to four or five minors later (the data documents
 * Kubernetes from 1.30, and a hop lands on a documented key) — many control-plane hops, most
 * add-ons moving with it, some more than once.
 */
function pathScenarios(dataset: Dataset): Scenario[] {
  const docs: PlanRequest = {
    components: [
      ['kubernetes', '1.31'],
      ['cert-manager', '1.15'],
      ['cloudnative-pg', '1.24'],
      ['ingress-nginx', '1.12.0'],
      ['argo-cd', '2.14'],
    ],
    target: [['kubernetes', '1.34']],
    unknown: 'block',
    path: true,
  }
  const readme: PlanRequest = { ...README_PLAN, path: true }
  const fitting = (id: string, platform: string): string | undefined => {
    const project = dataset.projects.get(id)
    if (project === undefined) return undefined
    return finalKeys(dataset, id)
      .reverse()
      .find((key) => {
        const version = project.versionsByKey.get(key)
        const entry = version?.dependencies.get('kubernetes')
        return entry?.entry.ranges.some((range) => range.includes(platform))
      })
  }
  // The add-ons that block the path are swapped for others until one exists: 32 components,
  // most of them moving with the platform, some more than once.
  const crafted = (from: string, to: string, unknown: 'block' | 'allow'): Scenario => {
    const candidates = documenting(dataset, 'kubernetes').flatMap((id) => {
      const key = fitting(id, from)
      return key === undefined ? [] : [[id, key] as [string, string]]
    })
    let chosen = candidates.slice(0, 31)
    const request = (): PlanRequest => ({
      components: [['kubernetes', from], ...chosen],
      target: [['kubernetes', to]],
      unknown,
      path: true,
    })
    const dropped = new Set<string>()
    for (let tries = 0; tries < 20; tries++) {
      const answer = evaluatePlan(dataset, request(), BENCH_DAY)
      if (answer.feasible !== false) break
      const blocked = (answer.blocking ?? []).map((blocking) => blocking.component)
      if (blocked.length === 0 || blocked.includes('kubernetes')) break
      for (const id of blocked) dropped.add(id)
      chosen = candidates.filter(([id]) => !dropped.has(id)).slice(0, 31)
    }
    return {
      name: `path: Kubernetes ${from} and ${chosen.length} projects that document it, each at its lowest key naming ${from} (those that block it swapped out) → ${to}, unknown ${unknown}`,
      request: request(),
    }
  }
  const supported: PlanRequest = {
    components: [
      ['cert-manager', '1.15'],
      ['cloudnative-pg', '1.24'],
      ['argo-cd', '2.14'],
    ],
    target: [],
    unknown: 'block',
    path: true,
    supportedOn: '2027-06-30',
  }
  return [
    { name: 'path: the docs example, Kubernetes 1.31 and four add-ons → 1.34', request: docs },
    { name: "path: the README's example stack → Kubernetes 1.34", request: readme },
    { name: 'path: three add-ons to lines supported on 2027-06-30', request: supported },
    crafted('1.30', '1.34', 'allow'),
    crafted('1.30', '1.34', 'block'),
    crafted('1.30', '1.35', 'allow'),
    crafted('1.31', '1.36', 'allow'),
  ]
}

/**
 * The slowest of `count` seeded random 32-component plans (the same ones every run), each
 * built around one dependency so that most components document one another; each timed twice,
 * the faster kept, so that the warm-up of the first does not pick it.
 */
function slowestRandom(dataset: Dataset, count: number, path: boolean): Scenario {
  let seed = 777
  const random = () => {
    seed = (seed * 1_103_515_245 + 12_345) & 0x7fffffff
    return seed / 0x7fffffff
  }
  const ids = [...dataset.projects.keys()]
  const around = ['kubernetes', 'python', 'postgresql', 'nodejs', 'java', 'php', 'mysql']
  let slowest: { ms: number; request: PlanRequest } | null = null
  for (let at = 0; at < count; at++) {
    const dependency = around[Math.floor(random() * around.length)] as string
    const chosen = new Map<string, string>()
    const pick = (id: string) => {
      const keys = finalKeys(dataset, id)
      const index = random() < 0.6 ? keys.length - 1 : Math.floor(random() * keys.length)
      chosen.set(id, keys[index] as string)
    }
    for (const id of documenting(dataset, dependency)) if (chosen.size < 31) pick(id)
    while (chosen.size < 31) pick(ids[Math.floor(random() * ids.length)] as string)
    const targetKeys = finalKeys(dataset, dependency)
    const targetAt = Math.floor(random() * Math.min(4, targetKeys.length))
    const target = targetKeys[targetAt] ?? '1'
    // A path starts the dependency a few keys below its target (a plan replaces it anyway).
    const start = path
      ? (targetKeys[Math.min(targetKeys.length - 1, targetAt + 1 + Math.floor(random() * 4))] ??
        '0.1')
      : '0.1'
    const request: PlanRequest = {
      components: [[dependency, start], ...chosen],
      target: [[dependency, target]],
      unknown: random() < 0.5 ? 'block' : 'allow',
      ...(path ? { path: true } : {}),
    }
    let ms = Number.POSITIVE_INFINITY
    for (let run = 0; run < 2; run++) {
      const started = process.cpuUsage()
      evaluatePlan(dataset, request, BENCH_DAY)
      const used = process.cpuUsage(started)
      ms = Math.min(ms, (used.user + used.system) / 1000)
    }
    if (slowest === null || ms > slowest.ms) slowest = { ms, request }
  }
  const request = (slowest as { request: PlanRequest }).request
  const [dependency, version] = request.target[0] as readonly [string, string]
  return {
    name: `${path ? 'path: ' : ''}the slowest of ${count} seeded random 32-component ${path ? 'paths' : 'plans'} (around ${dependency} → ${version}, unknown ${request.unknown})`,
    request,
  }
}
