/**
 * The check on the project page. The URL carries the query (`?version=4.2&python=3.11.4`)
 * so a result can be shared, and loading such a URL runs the same check again.
 */
import { MAX_VALUE_LENGTH } from '../../src/api/request-limits.ts'
import {
  type BadgeCheck,
  badgeMarkdown,
  badgePath,
  supportBadgeMarkdown,
  supportBadgePath,
} from '../../src/site/badge-markdown.ts'
import {
  checkedVersionSupport,
  checkedVersionSupportText,
} from '../../src/site/checked-version-support.ts'
import { checkDetails, verdictLabel } from '../../src/site/evidence-markup.ts'
import {
  dependencyKeysOf,
  documentedRule,
  entryOf,
  isSinceKey,
  type Project,
  resolveKey,
} from '../../src/site/project-model.ts'
import {
  type CombinationCheckResult,
  checkCombination,
  type DependencyCheck,
  describeFailure,
  versionsFitting,
} from './api.ts'
import { focusAnswer } from './bring-into-view.ts'
import { h, replaceChildren } from './dom.ts'
import { LatestRequest } from './latest-request.ts'
import { setQuery } from './page-url.ts'
import { today } from './today.ts'

/** The query parameter holding the project version; every other one is a dependency key. */
const VERSION_PARAMETER = 'version'

interface CheckQuery {
  readonly version: string
  readonly dependencies: readonly (readonly [string, string])[]
}

export function renderCheck(project: Project): HTMLElement {
  const check = new CheckForm(project)
  check.listen()
  check.applyUrl('replace')
  return h(
    'section',
    { class: 'check', 'aria-labelledby': 'check-heading' },
    h('h2', { id: 'check-heading' }, 'Check your versions'),
    check.form,
    check.notice,
    check.status,
    check.result,
  )
}

/** The project page's check: its elements, and the one state it keeps (the query it shows). */
class CheckForm {
  readonly project: Project
  readonly versionSelect: HTMLSelectElement
  readonly fields = h('div', { class: 'dependency-fields' })
  readonly sinceHint = h('p', { class: 'hint', id: 'check-version-hint', hidden: true })
  readonly notice = h('div', { class: 'notice', role: 'alert' })
  readonly status = h('p', { class: 'visually-hidden', role: 'status' })
  readonly result = h('div', { class: 'check-result', id: 'check-result' })
  readonly form: HTMLFormElement
  readonly checks = new LatestRequest(this.result)
  /** The query the form shows: a `popstate` to another one applies it. */
  appliedSearch: string | null = null

  constructor(project: Project) {
    this.project = project
    this.versionSelect = h(
      'select',
      { id: 'check-version', name: VERSION_PARAMETER, 'aria-describedby': 'check-version-hint' },
      project.versions.map((version, index) =>
        h('option', { value: version }, index === 0 ? `${version} (newest documented)` : version),
      ),
    )
    this.form = h(
      'form',
      { class: 'check-form', 'aria-labelledby': 'check-heading', novalidate: true },
      h(
        'div',
        { class: 'field' },
        h('label', { for: 'check-version' }, 'Version'),
        this.versionSelect,
      ),
      this.sinceHint,
      h(
        'fieldset',
        {},
        h('legend', {}, 'Your dependency versions'),
        h('p', { class: 'hint' }, 'Fill in the ones you use; empty fields are not checked.'),
        this.fields,
      ),
      h('button', { type: 'submit' }, 'Check'),
    )
  }

  listen(): void {
    this.versionSelect.addEventListener('change', () => {
      // Keep what was typed for dependencies the newly chosen version also documents.
      const typed = new Map(
        [...this.fields.querySelectorAll('input')].map(
          (input) => [input.name, input.value] as const,
        ),
      )
      this.showFields(typed)
    })
    this.form.addEventListener('submit', (event) => {
      event.preventDefault()
      void this.run(this.read(), 'push')
    })
    // Back and forward between checks. Following an in-page #evidence link fires popstate too,
    // with an unchanged query: that must not rerun anything.
    window.addEventListener('popstate', () => {
      if (location.search !== this.appliedSearch) this.applyUrl('replace')
    })
  }

  /** A field for every dependency the chosen version documents, with the values given. */
  showFields(values: ReadonlyMap<string, string>): void {
    const { project, sinceHint } = this
    const version = this.versionSelect.value
    // A since key answers with its line's evidence too: every dependency of either is asked.
    const since = isSinceKey(project, version)
    const keys = since
      ? [...resolveKey(project, version).entries.keys()]
      : dependencyKeysOf(project.document, version)
    sinceHint.hidden = !since
    sinceHint.textContent = since
      ? `${version} is a since key: it is checked as any ${version.split('.').slice(0, -1).join('.')} release from ${version} on would be, with the line's own evidence where ${version} documents nothing new.`
      : ''
    replaceChildren(
      this.fields,
      keys.length === 0
        ? h('p', { class: 'muted' }, 'This version documents no dependencies.')
        : null,
      keys.map((key, index) =>
        dependencyField(project, version, key, index, values.get(key) ?? ''),
      ),
    )
  }

  read(): CheckQuery {
    return {
      version: this.versionSelect.value,
      dependencies: [...this.fields.querySelectorAll('input')]
        .map((input) => [input.name, input.value.trim()] as const)
        .filter(([, value]) => value !== ''),
    }
  }

  async run(query: CheckQuery, history: 'push' | 'replace'): Promise<void> {
    const { project, notice, status, result } = this
    notice.textContent = ''
    if (query.dependencies.length === 0) {
      notice.textContent = 'Enter the version of at least one dependency, then choose Check.'
      return
    }
    setUrl(query, history)
    this.appliedSearch = location.search
    status.textContent = 'Checking…'
    await this.checks.run(
      (signal) =>
        isSinceKey(project, query.version)
          ? checkSinceKey(project, query, signal)
          : checkCombination(project.document.id, query.version, query.dependencies, signal),
      (answer) => {
        replaceChildren(result, checkResult(project, answer))
        status.textContent = `Result: ${answer.compatible}. ${answer.reason} ${checkedVersionSupportText(project.document, answer.version, today())}`
        if (history === 'push') focusAnswer(result.querySelector('h3'))
      },
      (error) => {
        replaceChildren(result)
        status.textContent = ''
        notice.textContent = `The check failed: ${describeFailure(error)}`
      },
    )
  }

  /** Puts the URL's query into the form, and runs the check when it names any version. */
  applyUrl(history: 'replace' | null): void {
    const { project, versionSelect, notice } = this
    this.appliedSearch = location.search
    const parameters = new URLSearchParams(location.search)
    const version = parameters.get(VERSION_PARAMETER)
    this.checks.abort()
    replaceChildren(this.result)
    notice.textContent = ''
    if (version !== null && !project.versions.includes(version)) {
      versionSelect.value = project.versions[0] ?? ''
      this.showFields(new Map())
      notice.textContent = `${project.document.name} documents no version “${version}”. Choose one of the listed versions.`
      return
    }
    versionSelect.value = version ?? project.versions[0] ?? ''
    const values = new Map<string, string>()
    for (const [key, value] of parameters) {
      if (key !== VERSION_PARAMETER && !values.has(key)) values.set(key, value)
    }
    this.showFields(values)
    const query = this.read()
    if (history !== null && query.dependencies.length > 0) void this.run(query, history)
  }
}

function dependencyField(
  project: Project,
  version: string,
  key: string,
  index: number,
  value: string,
): HTMLElement {
  const id = `dependency-${index}`
  const resolved = isSinceKey(project, version)
    ? resolveKey(project, version).entries.get(key)
    : undefined
  const entry = resolved?.entry ?? entryOf(project, version, key)
  const input = h('input', {
    id,
    name: key,
    type: 'text',
    autocomplete: 'off',
    autocapitalize: 'off',
    spellcheck: 'false',
    maxlength: String(MAX_VALUE_LENGTH),
    'aria-describedby': `${id}-hint`,
  })
  input.value = value
  const from = resolved !== undefined && resolved.from !== version ? ` (from ${resolved.from})` : ''
  return h(
    'div',
    { class: 'field' },
    h('label', { for: id }, key),
    input,
    h(
      'span',
      { class: 'hint', id: `${id}-hint` },
      entry === null ? '' : `Documented: ${documentedRule(entry, version)}${from}`,
    ),
  )
}

/**
 * A since key is checked as line lookup reads it (GET …/versions, which lays it over its
 * line's key); the evidence shown with each check is that of the entry that answered.
 */
async function checkSinceKey(
  project: Project,
  query: CheckQuery,
  signal: AbortSignal,
): Promise<CombinationCheckResult> {
  const answer = await versionsFitting(project.document.id, query.dependencies, signal)
  const row = answer.versions.find((candidate) => candidate.version === query.version)
  if (row === undefined) throw new Error(`The answer has no row for ${query.version}.`)
  const entries = resolveKey(project, query.version).entries
  const dependencies: Record<string, string> = {}
  for (const [key, value] of query.dependencies) dependencies[key] = value
  return {
    project: project.document.id,
    version: query.version,
    dependencies,
    compatible: row.compatible,
    reason: row.reason,
    checks: row.checks.map((check) => {
      const entry = check.key === null ? undefined : entries.get(check.key)?.entry
      return {
        dependency: check.dependency,
        dependencyVersion: check.dependencyVersion,
        compatible: check.compatible,
        matchedRange: check.matchedRange,
        matchedConstraint: check.matchedConstraint,
        relationship: check.relationship,
        confidence: check.confidence,
        lastVerified: check.lastVerified,
        notes: entry?.notes ?? [],
        sources: entry?.sources ?? [],
        reason: check.reason,
      }
    }),
  }
}

/** `?version=…&<dependency>=…`, dependencies in form order. */
function setUrl(query: CheckQuery, mode: 'push' | 'replace'): void {
  const parameters = new URLSearchParams({ [VERSION_PARAMETER]: query.version })
  for (const [key, value] of query.dependencies) parameters.append(key, value)
  setQuery(parameters, mode)
}

function checkResult(project: Project, answer: CombinationCheckResult): HTMLElement {
  const { document } = project
  return h(
    'div',
    {},
    h(
      'h3',
      { class: 'result-heading' },
      `${document.name} ${answer.version}: `,
      verdictLabel(answer.compatible),
    ),
    h('p', { class: 'reason' }, answer.reason),
    // Whether the checked version itself still gets fixes, right under its verdict.
    checkedVersionSupport(document, answer.version, today()),
    document.lifecycle === undefined
      ? null
      : badgeBlock(
          'Support badge for a README',
          supportBadgeMarkdown(publicOrigin(), document.id, answer.version),
          supportBadgePath(document.id, answer.version),
          `Badge: support of ${document.id} ${answer.version}`,
        ),
    h(
      'ul',
      { class: 'check-list', 'aria-label': 'Result per dependency' },
      // A since key was checked as line lookup reads it; a badge asks a single check, which
      // does not lay a since key over its line, so it would say something else: none offered.
      answer.checks.map((check) =>
        checkItem(check, isSinceKey(project, answer.version) ? null : answer),
      ),
    ),
  )
}

function checkItem(check: DependencyCheck, answer: CombinationCheckResult | null): HTMLLIElement {
  return h(
    'li',
    { class: `check-item check-${check.compatible}` },
    h('h4', {}, `${check.dependency} ${check.dependencyVersion}: `, verdictLabel(check.compatible)),
    checkDetails(check, today()),
    answer !== null && checkBadge(answer, check),
  )
}

/** A dependency's check as a README badge. */
function checkBadge(answer: CombinationCheckResult, check: DependencyCheck): HTMLElement {
  const badge: BadgeCheck = {
    project: answer.project,
    version: answer.version,
    dependency: check.dependency,
    dependencyVersion: check.dependencyVersion,
  }
  return badgeBlock(
    'Badge for a README',
    badgeMarkdown(publicOrigin(), badge),
    badgePath(badge),
    `Badge: ${badge.dependency} ${badge.dependencyVersion} with ${badge.project} ${badge.version}, ${check.compatible}`,
  )
}

/** A README badge: a preview and the Markdown, with a button that copies it. */
function badgeBlock(summary: string, markdown: string, src: string, alt: string): HTMLElement {
  const code = h('code', {}, markdown)
  const copy = h('button', { type: 'button', class: 'secondary' }, 'Copy Markdown')
  const copied = h('span', { role: 'status', class: 'muted' })
  // No clipboard (plain http has none; a permission may be refused): the text is selected.
  const select = () => {
    window.getSelection()?.selectAllChildren(code)
    copied.textContent = ' Selected: copy it with your keyboard.'
  }
  copy.addEventListener('click', () => {
    if (navigator.clipboard === undefined) {
      select()
      return
    }
    navigator.clipboard.writeText(markdown).then(() => {
      copied.textContent = ' Copied.'
    }, select)
  })
  return h(
    'details',
    { class: 'badge-markdown' },
    h('summary', {}, summary),
    h('img', { src, alt, height: '20' }),
    h('pre', {}, code),
    copy,
    copied,
  )
}

/** The site's public address when the page names it (an absolute canonical link), else this one. */
function publicOrigin(): string {
  // The attribute as written: the href property would make a path absolute here.
  const canonical = document.querySelector('link[rel="canonical"]')?.getAttribute('href') ?? ''
  return /^https?:\/\//.test(canonical) ? new URL(canonical).origin : location.origin
}
