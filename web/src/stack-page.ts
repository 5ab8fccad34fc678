/**
 * `/stack`: is a whole stack documented compatible with itself? Components are entered by name
 * (completed from project ids, aliases and dependency keys) or pasted as a stack file; the URL
 * holds the stack (`/stack?kubernetes=1.33.2&cnpg=v1.27.1`), so a result can be shared.
 */
import { MAX_DEPENDENCIES, MAX_VALUE_LENGTH } from '../../src/api/limits.ts'
import {
  checkDetails,
  definition,
  sourceList,
  verdictLabel,
} from '../../src/site/evidence-markup.ts'
import { stackPageIntro } from '../../src/site/stack-page-markup.ts'
import {
  checkStack,
  describeFailure,
  listDependencies,
  listProjects,
  type PlanResult,
  planUpgrade,
  type StackPair,
  type StackResult,
} from './api.ts'
import { h, replaceChildren } from './dom.ts'
import { LatestRequest } from './latest-request.ts'
import { setQuery } from './page-url.ts'
import { readPastedStack } from './stack-text.ts'

type Components = readonly (readonly [string, string])[]

export async function renderStackPage(main: HTMLElement): Promise<void> {
  document.title = 'Check a stack · compat'
  const [projects, dependencies] = await Promise.all([listProjects(), listDependencies()])
  const names = new Set<string>()
  for (const project of projects) {
    names.add(project.id)
    for (const alias of project.aliases ?? []) names.add(alias)
  }
  for (const row of dependencies.dependencies) names.add(row.dependency)
  const datalist = h(
    'datalist',
    { id: 'component-names' },
    [...names].sort().map((name) => h('option', { value: name })),
  )

  const rows = h('ol', { class: 'component-rows', 'aria-label': 'Components' })
  const notice = h('div', { class: 'notice', role: 'alert' })
  const status = h('p', { class: 'visually-hidden', role: 'status' })
  const result = h('div', { class: 'check-result', id: 'stack-result' })
  const addButton = h('button', { type: 'button', class: 'secondary' }, 'Add a component')
  const pasted = h('textarea', {
    id: 'stack-text',
    rows: '6',
    spellcheck: 'false',
    'aria-describedby': 'stack-text-hint',
  })
  const useText = h('button', { type: 'button', class: 'secondary' }, 'Use this stack')

  let counter = 0
  const addRow = (name = '', version = '') => {
    if (rows.children.length >= MAX_DEPENDENCIES) {
      notice.textContent = `A stack holds at most ${MAX_DEPENDENCIES} components.`
      return
    }
    counter++
    const nameInput = textInput(`component-name-${counter}`, 'component-names')
    const versionInput = textInput(`component-version-${counter}`)
    nameInput.value = name
    versionInput.value = version
    const remove = h('button', { type: 'button', class: 'secondary remove' }, 'Remove')
    remove.setAttribute('aria-label', `Remove component ${counter}`)
    const row = h(
      'li',
      { class: 'component-row' },
      h('div', { class: 'field' }, h('label', { for: nameInput.id }, 'Name'), nameInput),
      h('div', { class: 'field' }, h('label', { for: versionInput.id }, 'Version'), versionInput),
      remove,
    )
    remove.addEventListener('click', () => {
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

  const upgradeName = textInput('upgrade-name', 'component-names')
  const upgradeVersion = textInput('upgrade-version')
  const allowUnknown = h('input', { id: 'allow-unknown', type: 'checkbox' })
  const planStatus = h('p', { class: 'visually-hidden', role: 'status' })
  const planResult = h('div', { class: 'check-result', id: 'plan-result' })
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
      (signal) => checkStack(components, signal),
      (answer) => {
        replaceChildren(result, stackResult(answer))
        status.textContent = `Stack: ${answer.compatible}. ${answer.reason}`
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

  const planForm = h(
    'form',
    { class: 'plan-form', 'aria-labelledby': 'plan-heading', novalidate: true },
    h('h2', { id: 'plan-heading' }, 'Plan an upgrade'),
    h(
      'p',
      { class: 'hint' },
      'Which components must move, and to which documented versions, for one of them to reach a version? Nothing moves down; the plan moves as few components as it can.',
    ),
    h(
      'div',
      { class: 'plan-fields' },
      h('div', { class: 'field' }, h('label', { for: 'upgrade-name' }, 'Upgrade'), upgradeName),
      h('div', { class: 'field' }, h('label', { for: 'upgrade-version' }, 'to'), upgradeVersion),
    ),
    h(
      'div',
      { class: 'field checkbox' },
      h(
        'label',
        { for: 'allow-unknown' },
        allowUnknown,
        ' Accept pairs the evidence cannot decide',
      ),
    ),
    h('button', { type: 'submit' }, 'Plan upgrade'),
  )
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
  const projectOf = (name: string) =>
    projects.find((project) => project.id === name || (project.aliases ?? []).includes(name))?.id ??
    null

  const form = h(
    'form',
    { class: 'stack-form', 'aria-labelledby': 'stack-heading', novalidate: true },
    h(
      'p',
      { class: 'hint' },
      'Name each component as its project id, an alias or a dependency key (the list completes as you type), with the version you run: v1.27.1, 16.4-alpine and 1.33.2+k3s1 are read as deployed.',
    ),
    rows,
    h('div', { class: 'form-actions' }, addButton, h('button', { type: 'submit' }, 'Check stack')),
    datalist,
  )
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

  replaceChildren(
    main,
    stackPageIntro(),
    form,
    h(
      'details',
      { class: 'paste' },
      h('summary', {}, 'Paste a stack file'),
      h(
        'div',
        { class: 'field' },
        h('label', { for: 'stack-text' }, 'Stack file or lines of name: version'),
        pasted,
      ),
      h(
        'p',
        { class: 'hint', id: 'stack-text-hint' },
        'The components: mapping of a stack file for compat stack, or one name: version per line.',
      ),
      useText,
    ),
    notice,
    status,
    result,
    planForm,
    planStatus,
    planResult,
  )
  applyUrl()
}

function textInput(id: string, list?: string): HTMLInputElement {
  return h('input', {
    id,
    type: 'text',
    autocomplete: 'off',
    autocapitalize: 'off',
    spellcheck: 'false',
    maxlength: String(MAX_VALUE_LENGTH),
    ...(list === undefined ? {} : { list }),
  })
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

function stackResult(answer: StackResult): HTMLElement {
  return h(
    'div',
    {},
    h('h2', { class: 'result-heading' }, 'Your stack: ', verdictLabel(answer.compatible)),
    h('p', { class: 'reason' }, answer.reason),
    h('h3', {}, 'Components'),
    h(
      'ul',
      { class: 'resolved-list', 'aria-label': 'Components as read' },
      Object.entries(answer.components).map(([name, version]) => {
        const resolved = answer.resolved[name]
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
    checkDetails(pair, definition('Documented as', pair.key)),
  )
}
