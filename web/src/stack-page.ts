/**
 * `/stack`: is a whole stack documented compatible with itself? Components are entered by name
 * (completed from project ids, aliases and dependency keys) or pasted as a stack file; the URL
 * holds the stack (`/stack?kubernetes=1.33.2&cnpg=v1.27.1`), so a result can be shared.
 */
import { MAX_DEPENDENCIES } from '../../src/api/request-limits.ts'
import {
  checkDetails,
  definition,
  sourceList,
  verdictLabel,
} from '../../src/site/evidence-markup.ts'
import { indexEntryOf } from '../../src/site/project-model.ts'
import {
  componentRow,
  componentSupportLine,
  endOfLifeWarning,
  stackNames,
  stackPageMain,
} from '../../src/site/stack-page-markup.ts'
import {
  checkStack,
  describeFailure,
  listDependencies,
  listProjects,
  type PlanResult,
  planUpgrade,
  type StackAnswer,
  type StackPair,
} from './api.ts'
import { h, replaceChildren, toNode } from './dom.ts'
import { LatestRequest } from './latest-request.ts'
import { setQuery } from './page-url.ts'
import { readPastedStack } from './stack-text.ts'
import { today } from './today.ts'

type Components = readonly (readonly [string, string])[]

export async function renderStackPage(main: HTMLElement): Promise<void> {
  // The project list names the projects of a plan's moves; the dependency index only fills
  // the name list of a page the script builds itself.
  const projects = await listProjects()
  if (main.dataset.page !== 'stack') {
    document.title = 'Check a stack · compat'
    replaceChildren(main, stackPageMain(stackNames(projects, await listDependencies())))
    main.dataset.page = 'stack'
  }
  // The page's parts, as stackPageMain (src/site) makes them.
  const part = <T extends HTMLElement>(selector: string): T => {
    const found = main.querySelector<T>(selector)
    if (found === null) throw new Error(`The stack page has no ${selector}.`)
    return found
  }
  const form = part<HTMLFormElement>('form.stack-form')
  const rows = part<HTMLOListElement>('.component-rows')
  const notice = part('.notice')
  const status = part('#stack-status')
  const result = part('#stack-result')
  const addButton = part('#add-component')
  const pasted = part<HTMLTextAreaElement>('#stack-text')
  const useText = part('#use-stack-text')
  const planForm = part<HTMLFormElement>('form.plan-form')
  const upgradeName = part<HTMLInputElement>('#upgrade-name')
  const upgradeVersion = part<HTMLInputElement>('#upgrade-version')
  const allowUnknown = part<HTMLInputElement>('#allow-unknown')
  const planStatus = part('#plan-status')
  const planResult = part('#plan-result')

  let counter = 0
  const addRow = (name = '', version = '') => {
    if (rows.children.length >= MAX_DEPENDENCIES) {
      notice.textContent = `A stack holds at most ${MAX_DEPENDENCIES} components.`
      return
    }
    counter++
    const row = toNode(componentRow(counter)) as HTMLLIElement
    const [nameInput, versionInput] = row.querySelectorAll('input')
    if (nameInput !== undefined) nameInput.value = name
    if (versionInput !== undefined) versionInput.value = version
    row.querySelector('button')?.addEventListener('click', () => {
      row.remove()
      if (rows.children.length === 0) addRow()
    })
    rows.append(row)
  }
  const setRows = (components: Components) => {
    replaceChildren(rows)
    for (const [name, version] of components) addRow(name, version)
    if (components.length === 0) addRow()
  }
  const readRows = (): Components | string => {
    const components: [string, string][] = []
    for (const row of rows.children) {
      const [name, version] = [...row.querySelectorAll('input')].map((input) => input.value.trim())
      if (!name && !version) continue
      if (!name) return `Give a name for the component at version “${version}”.`
      if (!version) return `Give the version of “${name}” you run.`
      if (components.some(([known]) => known === name)) return `“${name}” is listed twice.`
      components.push([name as string, version as string])
    }
    return components.length === 0 ? 'Add at least one component with its version.' : components
  }

  const checks = new LatestRequest(result)
  const plans = new LatestRequest(planResult)
  let appliedSearch: string | null = null
  const run = async (
    components: Components,
    history: 'push' | 'replace',
    target: Target | null = null,
  ) => {
    notice.textContent = ''
    setUrl(components, target, history)
    appliedSearch = location.search
    plans.abort()
    replaceChildren(planResult)
    if (target !== null) void runPlan(components, target)
    status.textContent = 'Checking…'
    await checks.run(
      (signal) => checkStack(components, today(), signal),
      (answer) => {
        replaceChildren(result, stackResult(answer))
        const ended = answer.support.filter((item) => item.status === 'end-of-life').length
        status.textContent = `Stack: ${answer.compatible}. ${answer.reason}${ended === 0 ? '' : ` End of life: ${ended === 1 ? '1 component' : `${ended} components`}.`}`
      },
      (error) => {
        replaceChildren(result)
        status.textContent = ''
        notice.textContent = `The check failed: ${describeFailure(error)}`
      },
    )
  }
  const runPlan = async (components: Components, target: Target) => {
    planStatus.textContent = 'Planning…'
    await plans.run(
      (signal) =>
        planUpgrade(
          { components, target: [target], unknown: allowUnknown.checked ? 'allow' : 'block' },
          signal,
        ),
      (answer) => {
        replaceChildren(planResult, planView(answer, target, projectOf))
        planStatus.textContent = `Plan: ${feasibility(answer.feasible)}. ${answer.reason}`
      },
      (error) => {
        replaceChildren(planResult)
        planStatus.textContent = ''
        notice.textContent = `The plan failed: ${describeFailure(error)}`
      },
    )
  }
  const applyUrl = () => {
    appliedSearch = location.search
    const parameters = new URLSearchParams(location.search)
    const components = [...parameters]
      .filter(([name]) => !RESERVED.has(name))
      .slice(0, MAX_DEPENDENCIES)
    const upgrade = parameters.get(UPGRADE)
    const to = parameters.get(TO)
    const target: Target | null = upgrade && to ? [upgrade, to] : null
    upgradeName.value = target?.[0] ?? ''
    upgradeVersion.value = target?.[1] ?? ''
    allowUnknown.checked = parameters.get(UNKNOWN) === 'allow'
    setRows(components)
    replaceChildren(result)
    replaceChildren(planResult)
    if (components.length > 0) void run(components, 'replace', target)
  }

  planForm.addEventListener('submit', (event) => {
    event.preventDefault()
    const read = readRows()
    const name = upgradeName.value.trim()
    const version = upgradeVersion.value.trim()
    if (typeof read === 'string') notice.textContent = read
    else if (!name || !version)
      notice.textContent = 'Give the component to upgrade and its new version.'
    else void run(read, 'push', [name, version])
  })
  const projectOf = (name: string) => indexEntryOf(projects, name)?.id ?? null

  addButton.addEventListener('click', () => {
    addRow()
    const inputs = rows.querySelectorAll('input')
    ;(inputs[inputs.length - 2] as HTMLInputElement | undefined)?.focus()
  })
  form.addEventListener('submit', (event) => {
    event.preventDefault()
    const read = readRows()
    if (typeof read === 'string') notice.textContent = read
    else void run(read, 'push')
  })
  useText.addEventListener('click', () => {
    const read = readPastedStack(pasted.value)
    notice.textContent = read.problems.length === 0 ? '' : `Not read: ${read.problems.join('; ')}.`
    if (read.components.length === 0) return
    setRows(read.components.slice(0, MAX_DEPENDENCIES))
    void run(read.components.slice(0, MAX_DEPENDENCIES), 'push')
  })
  window.addEventListener('popstate', () => {
    if (location.search !== appliedSearch) applyUrl()
  })

  applyUrl()
}

/** `?name=version&…`, components in order. */
type Target = readonly [string, string]

// Query parameters of the page's own: every other one is a component.
const UPGRADE = 'upgrade'
const TO = 'to'
const UNKNOWN = 'unknown'
const RESERVED = new Set([UPGRADE, TO, UNKNOWN])

/** `?name=version&…`, components in order, then the upgrade asked for, if any. */
function setUrl(components: Components, target: Target | null, mode: 'push' | 'replace'): void {
  const parameters = new URLSearchParams()
  for (const [name, version] of components) parameters.append(name, version)
  if (target !== null) {
    parameters.append(UPGRADE, target[0])
    parameters.append(TO, target[1])
    const allow = (document.getElementById('allow-unknown') as HTMLInputElement | null)?.checked
    if (allow === true) parameters.append(UNKNOWN, 'allow')
  }
  setQuery(parameters, mode)
}

function feasibility(feasible: boolean | null): string {
  return feasible === true ? 'possible' : feasible === false ? 'not possible' : 'undecided'
}

/** The plan: its verdict and reason, each move with why and its evidence, the stack after it. */
function planView(
  answer: PlanResult,
  target: Target,
  projectOf: (name: string) => string | null,
): HTMLElement {
  const label =
    answer.feasible === true
      ? verdictLabel('compatible')
      : answer.feasible === false
        ? verdictLabel('incompatible')
        : verdictLabel('unknown')
  const moves =
    answer.changes.length === 0
      ? []
      : [
          h('h3', {}, 'Moves, in order'),
          h(
            'ol',
            { class: 'check-list', 'aria-label': 'Moves' },
            answer.changes.map((change) => {
              const pairs = answer.pairs.filter((pair) => pair.project === change.component)
              const project = projectOf(change.component)
              return h(
                'li',
                { class: 'check-item check-compatible' },
                h('h4', {}, `${change.component}: ${change.from} → ${change.to}`),
                h('p', { class: 'reason' }, change.reason),
                project === null
                  ? null
                  : h(
                      'p',
                      {},
                      h(
                        'a',
                        {
                          href: `/projects/${encodeURIComponent(project)}?version=${encodeURIComponent(change.to)}`,
                        },
                        `${change.component} ${change.to}: its documented versions and evidence`,
                      ),
                    ),
                pairs.length === 0
                  ? null
                  : h(
                      'div',
                      { class: 'move-evidence' },
                      h(
                        'p',
                        { class: 'muted' },
                        `The evidence for ${change.component} ${change.to}:`,
                      ),
                      sourceList([
                        ...new Map(
                          pairs
                            .flatMap((pair) => pair.sources)
                            .map((source) => [source.url, source]),
                        ).values(),
                      ]),
                    ),
              )
            }),
          ),
        ]
  const blocking = (answer.blocking ?? []).filter((entry) => entry.pairs.length > 0)
  return h(
    'div',
    {},
    h(
      'h3',
      { class: 'result-heading' },
      `Upgrade ${target[0]} to ${target[1]}: `,
      h('span', { class: 'visually-hidden' }, feasibility(answer.feasible)),
      label,
    ),
    h('p', { class: 'reason' }, answer.reason),
    moves,
    answer.feasible === true
      ? [
          h('h3', {}, 'The stack after the plan'),
          answer.pairs.length === 0
            ? h('p', { class: 'muted' }, 'No component documents another.')
            : h(
                'ul',
                { class: 'check-list', 'aria-label': 'Pairs after the plan' },
                answer.pairs.map(pairItem),
              ),
        ]
      : null,
    blocking.length === 0
      ? null
      : [
          h('h3', {}, 'What blocks it'),
          ...blocking.map((entry) =>
            h(
              'section',
              { class: 'blocking' },
              h('h4', {}, entry.component),
              h(
                'ul',
                { class: 'check-list', 'aria-label': `What blocks ${entry.component}` },
                entry.pairs.map(pairItem),
              ),
            ),
          ),
        ],
  )
}

function stackResult(answer: StackAnswer): HTMLElement {
  return h(
    'div',
    {},
    h('h2', { class: 'result-heading' }, 'Your stack: ', verdictLabel(answer.compatible)),
    h('p', { class: 'reason' }, answer.reason),
    endOfLifeWarning(answer.support, answer.date),
    h('h3', {}, 'Components'),
    h(
      'ul',
      { class: 'resolved-list', 'aria-label': 'Components as read' },
      Object.entries(answer.components).map(([name, version]) => {
        const resolved = answer.resolved[name]
        const support = answer.support.find((item) => item.component === name)
        return h(
          'li',
          {},
          h('strong', {}, name),
          ' ',
          h('span', { class: 'version' }, version),
          ': ',
          resolved === null || resolved === undefined
            ? h('span', { class: 'muted' }, 'not a catalogued project')
            : [
                h(
                  'a',
                  { href: `/projects/${encodeURIComponent(resolved.project)}` },
                  resolved.project,
                ),
                resolved.key === null ? ' — no documented key covers it' : ' ',
                resolved.key === null ? null : h('span', { class: 'version' }, resolved.key),
                h('span', { class: 'hint block' }, resolved.reason),
              ],
          support === undefined ? null : componentSupportLine(support, answer.date),
        )
      }),
    ),
    h('h3', {}, 'Pairs'),
    answer.pairs.length === 0
      ? h('p', { class: 'muted' }, 'No component documents another in this stack.')
      : h(
          'ul',
          { class: 'check-list', 'aria-label': 'Result per pair' },
          answer.pairs.map(pairItem),
        ),
    answer.unpaired.length === 0
      ? null
      : [
          h('h3', {}, 'In no pair'),
          h(
            'p',
            {},
            `Nothing in this stack documents these, and they document nothing in it: ${answer.unpaired.join(', ')}.`,
          ),
        ],
  )
}

function pairItem(pair: StackPair): HTMLLIElement {
  return h(
    'li',
    { class: `check-item check-${pair.compatible}` },
    h(
      'h4',
      {},
      `${pair.project} ${pair.version} → ${pair.dependency} ${pair.dependencyVersion}: `,
      verdictLabel(pair.compatible),
    ),
    checkDetails(pair, today(), definition('Documented as', pair.key)),
  )
}
