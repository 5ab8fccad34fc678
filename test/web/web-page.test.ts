/**
 * The web page end to end in real Chromium: the app listens on a free port with the bundled
 * data, the browser drives the pages, the expectations come from the same public API.
 * Needs Chromium at /usr/bin/chromium (or CHROMIUM_PATH): `apt-get install -y chromium`.
 */
import assert from 'node:assert/strict'
import { readFileSync } from 'node:fs'
import { after, before, describe, test } from 'node:test'
import type { Browser, BrowserContext, Page } from 'playwright-core'
import type { ProjectIndexEntry } from '../../src/api/response-schemas.ts'
import { isStale, utcDate } from '../../src/core/evidence/is-stale.ts'
import { startFixtureServer } from '../support/fixture-server.ts'
import { openAllSections, openWebSession, type WebSession } from '../support/web-session.ts'

interface Source {
  title: string
  url: string
}

interface ProjectDocument {
  name: string
  versions: Record<
    string,
    { dependencies: Record<string, { lastVerified: string | null; sources: Source[] }> }
  >
}

/** What one page did: console errors and every URL it requested. */
interface PageRecord {
  readonly page: Page
  /** The origin the page was opened on: every request must stay there. */
  readonly origin: string
  readonly consoleErrors: string[]
  readonly requests: string[]
}

// The budget is the whole suite's (19 tests, about 50 s on 2 cores): each wait inside has
// Playwright's own 30 s limit.
describe('web page in Chromium', { timeout: 180_000 }, () => {
  let session: WebSession
  let origin: string
  let browser: Browser
  let context: BrowserContext
  let projects: ProjectIndexEntry[]
  let api: WebSession['api']
  const opened: PageRecord[] = []

  before(async () => {
    session = await openWebSession()
    ;({ origin, browser, projects, api } = session)
    context = await browser.newContext({ serviceWorkers: 'block' })
  })

  after(async () => {
    await context?.close()
    await session?.close()
  })

  /** Opens a page and records what it logs and requests; `settle` checks those records. */
  async function open(path: string, expectedStatus = 200, at = origin): Promise<PageRecord> {
    const page = await context.newPage()
    const record: PageRecord = { page, origin: at, consoleErrors: [], requests: [] }
    page.on('console', (message) => {
      if (message.type() !== 'error') return
      // Chromium logs a document's own 404 status as a console error; /projects/nope is
      // answered 404 on purpose (docs/web.md). Every other error counts.
      const ownStatus =
        expectedStatus === 404 &&
        message.location().url === `${at}${path}` &&
        message.text().includes('status of 404')
      if (!ownStatus) record.consoleErrors.push(message.text())
    })
    page.on('pageerror', (error) => record.consoleErrors.push(`uncaught: ${error.message}`))
    page.on('request', (request) => record.requests.push(request.url()))
    opened.push(record)
    const response = await page.goto(`${at}${path}`)
    assert.equal(response?.status(), expectedStatus, `status of ${path}`)
    return record
  }

  /** Every page: nothing logged as an error, nothing fetched from anywhere but this server. */
  function assertCleanAndLocal(record: PageRecord): void {
    assert.deepEqual(record.consoleErrors, [], 'console errors')
    const foreign = record.requests.filter((url) => !url.startsWith(`${record.origin}/`))
    assert.deepEqual(foreign, [], 'requests that left the server')
    assert.ok(record.requests.length > 0, 'the page made requests')
  }

  function cardHeadings(page: Page) {
    return page.getByRole('list', { name: 'Projects' }).getByRole('heading', { level: 2 })
  }

  async function visibleProjectNames(page: Page): Promise<string[]> {
    return (await cardHeadings(page).allTextContents()).sort()
  }

  test('home lists every project with its categories and latest version', async () => {
    const record = await open('/')
    const { page } = record
    await page.getByRole('heading', { name: 'Projects', level: 1 }).waitFor()
    await page.getByText(`${projects.length} projects`, { exact: true }).waitFor()
    assert.deepEqual(await visibleProjectNames(page), projects.map((p) => p.name).sort())

    const django = projects.find((project) => project.id === 'django')
    assert.ok(django, 'the bundled data has django')
    const card = page.getByRole('listitem').filter({
      has: page.getByRole('heading', { name: django.name, exact: true }),
    })
    const text = (await card.textContent()) ?? ''
    assert.ok(text.includes(`Newest documented: ${django.versions[0]}`), text)
    for (const category of django.categories) assert.ok(text.includes(category), category)
    assert.equal(
      await page.getByRole('link', { name: django.name, exact: true }).getAttribute('href'),
      '/projects/django',
    )
    assertCleanAndLocal(record)
  })

  /** The names of the projects whose name, id, alias, description or category has `word`, sorted. */
  const namesMatching = (word: string) =>
    projects
      .filter((p) =>
        [p.name, p.id, ...(p.aliases ?? []), p.description ?? '', ...p.categories]
          .join(' ')
          .toLowerCase()
          .includes(word),
      )
      .map((p) => p.name)
      .sort()

  test('search filters by name, id, alias, description and category as you type', async () => {
    const record = await open('/')
    const { page } = record
    const search = page.getByRole('searchbox', { name: 'Search' })
    await search.pressSequentially('djan')
    // Django, and any project that says in its description it is built on Django.
    const djangoish = namesMatching('djan')
    assert.ok(djangoish.includes('Django'))
    await page.getByText(`${djangoish.length} of ${projects.length} projects match`).waitFor()
    assert.deepEqual(await visibleProjectNames(page), djangoish)

    // A category word finds every project carrying it (and any whose name, id, alias or
    // description has it).
    await search.fill('')
    await search.pressSequentially('kubernetes')
    const expected = namesMatching('kubernetes')
    assert.ok(expected.length > 1, 'several projects are about kubernetes')
    await page.getByText(`${expected.length} of ${projects.length} projects match`).waitFor()
    assert.deepEqual(await visibleProjectNames(page), expected)
    assert.equal(new URL(page.url()).searchParams.get('q'), 'kubernetes', 'filter kept in URL')

    await search.fill('no-such-project-anywhere')
    await page.getByText('No project matches this search').waitFor()
    assert.equal(await cardHeadings(page).count(), 0)
    assertCleanAndLocal(record)
  })

  test('the category filter shows only projects of that category', async () => {
    const record = await open('/')
    const { page } = record
    await page.getByLabel('Category').selectOption('python')
    const expected = projects.filter((p) => p.categories.includes('python')).map((p) => p.name)
    await page.getByText(`${expected.length} of ${projects.length} projects match`).waitFor()
    assert.deepEqual(await visibleProjectNames(page), expected.sort())

    await page.getByLabel('Category').selectOption('')
    await page.getByText(`${projects.length} projects`, { exact: true }).waitFor()
    assertCleanAndLocal(record)
  })

  test('the project page shows the matrix, newest version first, with evidence links', async () => {
    const record = await open('/projects/django')
    const { page } = record
    const document = (await api('/api/v1/projects/django')) as ProjectDocument
    const order = projects.find((project) => project.id === 'django')?.versions ?? []
    await page.getByRole('heading', { name: 'Django', level: 1 }).waitFor()

    const matrix = page.getByRole('table', { name: /Django versions/ })
    await matrix.waitFor()
    const rowHeaders = await matrix.getByRole('rowheader').allTextContents()
    assert.deepEqual(
      rowHeaders.map((text) => text.replace(/\s*(newest documented|and later)$/, '')),
      order,
    )
    const columns = await matrix.getByRole('columnheader').allTextContents()
    for (const key of ['python', 'postgresql']) assert.ok(columns.includes(key), key)

    const row42 = matrix
      .getByRole('row')
      .filter({ has: page.getByRole('rowheader', { name: '4.2' }) })
    const python42 = row42.getByRole('cell').first()
    const cellText = (await python42.textContent()) ?? ''
    assert.ok(cellText.includes('3.8, 3.9, 3.10, 3.11'), cellText)
    assert.ok(cellText.includes('runtime'), cellText)
    assert.ok(cellText.includes('high'), cellText)

    const sources = new Map<string, string>()
    for (const version of Object.values(document.versions)) {
      for (const entry of Object.values(version.dependencies)) {
        for (const source of entry.sources) sources.set(source.title, source.url)
      }
    }
    assert.ok(sources.size > 0)
    const evidence = page.getByRole('region', { name: 'Evidence' })
    // The newest version's evidence is open; a reader opens the others.
    assert.equal(await evidence.locator('details[open]').count(), 1)
    await openAllSections(page)
    for (const [title, url] of sources) {
      const link = evidence.getByRole('link', { name: title, exact: true }).first()
      assert.equal(await link.getAttribute('href'), url, title)
    }
    assertCleanAndLocal(record)
  })

  test('evidence that is stale by the one rule is marked stale', async () => {
    // The bundled data is kept fresh, so the fixture data (with a never-verified entry) shows it.
    const fixtures = await startFixtureServer()
    let page: Page | undefined
    try {
      const at = new URL(fixtures.url).origin
      // The page marks evidence stale by the date it is rendered on, read from the clock
      // (src/site/evidence-markup.ts takes no date): read it before and after, so that a
      // midnight in between cannot make the expectation a day off.
      const dayBefore = utcDate(new Date())
      const record = await open('/projects/cloud-operator', 200, at)
      page = record.page
      const document = (await (
        await fetch(`${at}/api/v1/projects/cloud-operator`)
      ).json()) as ProjectDocument
      await page.getByRole('heading', { name: 'Evidence', level: 2 }).waitFor()
      const marks = page.getByRole('region', { name: 'Evidence' }).getByText(/^stale/)
      const marked = await marks.count()
      const dayAfter = utcDate(new Date())
      const entries = Object.values(document.versions).flatMap((version) =>
        Object.values(version.dependencies),
      )
      const staleOn = (today: string) =>
        entries.filter((entry) => isStale(entry.lastVerified, today)).length
      assert.ok(staleOn(dayBefore) > 0, 'the fixture has a never-verified entry')
      assert.ok(
        marked === staleOn(dayBefore) || marked === staleOn(dayAfter),
        `${marked} marked stale; stale by the rule: ${staleOn(dayBefore)} on ${dayBefore}, ${staleOn(dayAfter)} on ${dayAfter}`,
      )
      assertCleanAndLocal(record)
    } finally {
      // The page first: a request it still made to a stopped server would be refused, and
      // logged as an error against this page in the last test.
      await page?.close()
      await fixtures.stop()
    }
  })

  test('a check shows the verdict, the reason and the evidence, and puts the query in the URL', async () => {
    const record = await open('/projects/django')
    const { page } = record
    const expected = (await api(
      '/api/v1/check?project=django&version=4.2&dependency=python&dependencyVersion=3.7',
    )) as { compatible: string; reason: string }
    assert.equal(expected.compatible, 'incompatible', 'Django 4.2 does not document Python 3.7')

    await page.getByLabel('Version', { exact: true }).selectOption('4.2')
    await page.getByLabel('python', { exact: true }).fill('3.7')
    await page.getByRole('button', { name: 'Check' }).click()

    const result = page.getByRole('heading', { name: 'Django 4.2: Incompatible', level: 3 })
    await result.waitFor()
    const perDependency = page.getByRole('list', { name: 'Result per dependency' })
    await perDependency.getByRole('heading', { name: 'python 3.7: Incompatible' }).waitFor()
    await perDependency.getByText(expected.reason, { exact: true }).waitFor()
    assert.ok((await perDependency.getByRole('link').count()) > 0, 'sources are links')
    await page.waitForURL(`${origin}/projects/django?version=4.2&python=3.7`)

    // The same check as a README badge: its Markdown, and the badge itself shown from it.
    await perDependency.getByText('Badge for a README').click()
    const markdown = `[![python 3.7 with django 4.2](${origin}/badge/django/4.2/python/3.7.svg)](${origin}/projects/django?version=4.2&python=3.7)`
    await perDependency.getByText(markdown, { exact: true }).waitFor()
    const badge = perDependency.getByRole('img', {
      name: /^Badge: python 3\.7 with django 4\.2, incompatible$/,
    })
    await badge.waitFor()
    assert.ok(
      await badge.evaluate((image) => (image as { naturalWidth: number }).naturalWidth > 0),
      'the badge loads',
    )

    // A second check, then Back: the first result again, from the URL.
    await page.getByLabel('python', { exact: true }).fill('3.11.4')
    await page.getByRole('button', { name: 'Check' }).click()
    await page.getByRole('heading', { name: 'Django 4.2: Compatible', level: 3 }).waitFor()
    await perDependency.getByText('range 3.11', { exact: true }).waitFor()
    await page.goBack()
    await result.waitFor()
    assert.equal(await page.getByLabel('python', { exact: true }).inputValue(), '3.7')
    assertCleanAndLocal(record)
  })

  test('a shared link runs the same check on load', async () => {
    const path = '/projects/django?version=4.2&python=3.7&postgresql=11'
    const record = await open(path)
    const { page } = record
    await page.getByRole('heading', { name: 'Django 4.2: Incompatible', level: 3 }).waitFor()
    const perDependency = page.getByRole('list', { name: 'Result per dependency' })
    await perDependency.getByRole('heading', { name: 'python 3.7: Incompatible' }).waitFor()
    await perDependency.getByRole('heading', { name: 'postgresql 11: Incompatible' }).waitFor()
    assert.equal(await page.getByLabel('Version', { exact: true }).inputValue(), '4.2')
    assert.equal(await page.getByLabel('postgresql', { exact: true }).inputValue(), '11')
    assert.equal(page.url(), `${origin}${path}`)

    await page.reload()
    await page.getByRole('heading', { name: 'Django 4.2: Incompatible', level: 3 }).waitFor()
    assertCleanAndLocal(record)
  })

  test('the matrix links a dependency to its project and shows since keys with what they inherit', async () => {
    const record = await open('/projects/cloudnative-pg')
    const { page } = record
    const matrix = page.getByRole('table', { name: /CloudNativePG versions/ })
    await matrix.waitFor()
    const header = matrix.getByRole('columnheader', { name: 'kubernetes' })
    assert.equal(await header.getByRole('link').getAttribute('href'), '/projects/kubernetes')
    const since = matrix
      .getByRole('row')
      .filter({ has: page.getByRole('rowheader', { name: /^1\.27\.1/ }) })
    assert.match((await since.getByRole('rowheader').textContent()) ?? '', /and later/)
    // 1.27.1 documents only PostgreSQL; its Kubernetes evidence is the 1.27 line's.
    await since.getByText('as in 1.27', { exact: true }).waitFor()
    const evidence = page.getByRole('region', { name: 'Evidence' })
    // Its evidence section is closed; the matrix's evidence link opens it at the entry.
    assert.equal(
      await evidence
        .locator('details', { has: page.locator('[id="evidence/1.27.1/postgresql"]') })
        .getAttribute('open'),
      null,
    )
    await since.getByRole('link', { name: /^evidence for postgresql/ }).click()
    await page.locator('[id="evidence/1.27.1/postgresql"]').waitFor()
    await evidence
      .getByText(/A since key: this evidence holds for 1\.27\.1 and later 1\.27 releases/)
      .waitFor()
    assertCleanAndLocal(record)
  })

  test("checking a since key answers as line lookup does, with the line's evidence under it", async () => {
    const record = await open('/projects/django?version=5.2.8&python=3.14&postgresql=16')
    const { page } = record
    await page.getByRole('heading', { name: 'Django 5.2.8: Compatible', level: 3 }).waitFor()
    const perDependency = page.getByRole('list', { name: 'Result per dependency' })
    await perDependency.getByRole('heading', { name: 'postgresql 16: Compatible' }).waitFor()
    await perDependency
      .getByText(/answered from the documented Django 5\.2 line with the since key 5\.2\.8/)
      .first()
      .waitFor()
    assertCleanAndLocal(record)
  })

  test('a dependency page lists who documents it, judged for the version asked, each with its evidence', async () => {
    const record = await open('/dependencies/postgres')
    const { page } = record
    await page.getByRole('heading', { name: 'Who documents postgres', level: 1 }).waitFor()
    const expected = (await api('/api/v1/dependencies/postgres?version=18')) as {
      entries: { project: string; version: string; key: string; compatible: string }[]
    }
    const count = (verdict: string) =>
      expected.entries.filter((row) => row.compatible === verdict).length
    await page.getByLabel('Your postgres version').fill('18')
    await page.getByRole('button', { name: 'Show support' }).click()
    await page
      .getByText(
        `With 18: ${count('compatible')} compatible, ${count('incompatible')} incompatible, ${count('unknown')} unknown.`,
      )
      .waitFor()
    await page.waitForURL(`${origin}/dependencies/postgres?version=18`)
    const projectsShown = new Set(expected.entries.map((row) => row.project))
    assert.equal(await page.locator('.dependency-project').count(), projectsShown.size)

    // The filter hides the others by the stylesheet, and says so.
    await page.getByLabel('Only entries compatible with it').check()
    await page.getByText(`Showing the ${count('compatible')} entries compatible with 18;`).waitFor()
    await page.evaluate(
      "for (const section of document.querySelectorAll('details.use-fold')) section.open = true",
    )
    assert.equal(
      await page.locator('.use-item').filter({ visible: true }).count(),
      count('compatible'),
    )

    // Each entry's evidence link lands on that entry of its project page.
    const first = expected.entries.find((row) => row.compatible === 'compatible')
    assert.ok(first)
    const link = page
      .locator('.dependency-project')
      .filter({ visible: true })
      .first()
      .getByRole('link', { name: 'evidence' })
      .first()
    const href = (await link.getAttribute('href')) ?? ''
    assert.ok(href.startsWith(`/projects/${first.project}#evidence/`), href)
    await link.click()
    await page.locator(`[id="${decodeURIComponent(href.split('#')[1] ?? '')}"]`).waitFor()
    assertCleanAndLocal(record)
  })

  test('an unknown dependency gets a not-found page (HTTP 404) with the nearest keys', async () => {
    const record = await open('/dependencies/postgersql', 404)
    const { page } = record
    await page.getByRole('heading', { name: 'Dependency not found', level: 1 }).waitFor()
    await page.getByText(/Did you mean postgresql\?/).waitFor()
    assert.equal(
      await page.getByRole('link', { name: 'postgresql', exact: true }).getAttribute('href'),
      '/dependencies/postgresql',
    )
    assertCleanAndLocal(record)
  })

  test('the dependency index filters as you type and links each key to its page', async () => {
    const record = await open('/dependencies')
    const { page } = record
    const index = (await api('/api/v1/dependencies')) as { dependencies: { dependency: string }[] }
    await page.getByText(`${index.dependencies.length} dependencies`, { exact: true }).waitFor()
    await page.getByRole('searchbox', { name: 'Search' }).fill('kubernetes')
    const list = page.getByRole('list', { name: 'Dependencies' })
    assert.equal(
      await list.getByRole('link', { name: 'kubernetes', exact: true }).getAttribute('href'),
      '/dependencies/kubernetes',
    )
    assertCleanAndLocal(record)
  })

  test('the stack page checks a whole stack, keeps it in the URL, and reads a pasted stack file', async () => {
    const record = await open('/stack')
    const { page } = record
    await page.getByRole('heading', { name: 'Check a stack', level: 1 }).waitFor()
    const stack = [
      ['kubernetes', '1.33.2'],
      ['cnpg', 'v1.27.1'],
      ['postgresql', '17.2'],
      ['cert-manager', '1.17.0'],
    ] as const
    for (const [index, [name, version]] of stack.entries()) {
      if (index > 0) await page.getByRole('button', { name: 'Add a component' }).click()
      await page.getByLabel('Name').nth(index).fill(name)
      await page.getByLabel('Version').nth(index).fill(version)
    }
    await page.getByRole('button', { name: 'Check stack' }).click()
    const expected = (await (
      await fetch(`${origin}/api/v1/stack`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ components: Object.fromEntries(stack) }),
      })
    ).json()) as { compatible: string; pairs: unknown[]; reason: string }
    const verdict = expected.compatible[0]?.toUpperCase() + expected.compatible.slice(1)
    await page.getByRole('heading', { name: `Your stack: ${verdict}`, level: 2 }).waitFor()
    await page.getByText(expected.reason, { exact: true }).waitFor()
    const pairs = page.getByRole('list', { name: 'Result per pair' })
    assert.equal(await pairs.locator(':scope > li').count(), expected.pairs.length)
    await pairs.getByRole('heading', { name: /^cnpg v1\.27\.1 → kubernetes 1\.33\.2/ }).waitFor()
    await page.waitForURL(
      `${origin}/stack?kubernetes=1.33.2&cnpg=v1.27.1&postgresql=17.2&cert-manager=1.17.0`,
    )

    // A shared link runs the same check on load.
    await page.reload()
    await page.getByRole('heading', { name: `Your stack: ${verdict}`, level: 2 }).waitFor()
    assert.equal(await page.getByLabel('Name').nth(1).inputValue(), 'cnpg')

    await page.getByText('Paste a stack file').click()
    await page
      .getByLabel('Stack file or lines of name: version')
      .fill('components:\n  django: 5.2.10\n  python: "3.14"\n  nothing-known: 1.0\n')
    await page.getByRole('button', { name: 'Use this stack' }).click()
    await page.getByRole('heading', { name: 'Your stack: Compatible', level: 2 }).waitFor()
    await page.getByText('not a catalogued project').waitFor()
    await page.waitForURL(`${origin}/stack?django=5.2.10&python=3.14&nothing-known=1.0`)
    assertCleanAndLocal(record)
  })

  test('the stack page plans an upgrade: the moves in order, why, the stack after it; the URL holds stack and target', async () => {
    const path = '/stack?kubernetes=1.33.2&cnpg=v1.27.1&postgresql=17.2&cert-manager=1.17.0'
    const record = await open(path)
    const { page } = record
    await page.getByRole('list', { name: 'Result per pair' }).waitFor()
    await page.getByLabel('Upgrade', { exact: true }).fill('kubernetes')
    await page.getByLabel('to', { exact: true }).fill('1.34')
    await page.getByRole('button', { name: 'Plan upgrade' }).click()
    const expected = (await (
      await fetch(`${origin}/api/v1/plan`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          components: {
            kubernetes: '1.33.2',
            cnpg: 'v1.27.1',
            postgresql: '17.2',
            'cert-manager': '1.17.0',
          },
          target: { kubernetes: '1.34' },
        }),
      })
    ).json()) as {
      feasible: boolean
      reason: string
      changes: { component: string; from: string; to: string }[]
    }
    assert.equal(expected.feasible, true)
    await page
      .getByRole('heading', { name: 'Upgrade kubernetes to 1.34: Possible', level: 3 })
      .waitFor()
    await page.getByText(expected.reason, { exact: true }).waitFor()
    const moves = page.getByRole('list', { name: 'Moves' })
    assert.deepEqual(
      await moves.getByRole('heading', { level: 4 }).allTextContents(),
      expected.changes.map((change) => `${change.component}: ${change.from} → ${change.to}`),
    )
    assert.ok((await moves.getByRole('link').count()) > expected.changes.length, 'evidence links')
    await page.getByRole('list', { name: 'Pairs after the plan' }).waitFor()
    await page.waitForURL(`${origin}${path}&upgrade=kubernetes&to=1.34`)

    // A shared link plans on load; a target nothing fits shows what blocks it.
    await page.goto(`${origin}/stack?cnpg=1.28&kubernetes=1.30&upgrade=kubernetes&to=1.37`)
    await page
      .getByRole('heading', { name: 'Upgrade kubernetes to 1.37: Not possible', level: 3 })
      .waitFor()
    await page.getByRole('heading', { name: 'What blocks it', level: 3 }).waitFor()
    assertCleanAndLocal(record)
  })

  test('an unknown project gets a kind not-found page (HTTP 404)', async () => {
    const record = await open('/projects/nope', 404)
    const { page } = record
    await page.getByRole('heading', { name: 'Project not found', level: 1 }).waitFor()
    await page.getByText('There is no project with the id “nope”').waitFor()
    assert.equal(
      await page.getByRole('link', { name: 'See all projects' }).getAttribute('href'),
      '/',
    )
    assertCleanAndLocal(record)
  })

  test('the HTML carries a strict Content-Security-Policy; assets their types', async () => {
    const html = await fetch(`${origin}/`)
    assert.match(html.headers.get('content-security-policy') ?? '', /default-src 'self'/)
    assert.match(html.headers.get('content-type') ?? '', /^text\/html/)
    const script = await fetch(`${origin}/assets/app.js`)
    assert.match(script.headers.get('content-type') ?? '', /^text\/javascript/)
    assert.ok(script.headers.get('etag'))
    const style = await fetch(`${origin}/assets/app.css`)
    assert.match(style.headers.get('content-type') ?? '', /^text\/css/)
    const openapi = (await api('/api/v1/openapi.json')) as { paths: Record<string, unknown> }
    for (const path of ['/', '/projects/{project}', '/assets/app.js']) {
      assert.equal(openapi.paths[path], undefined, `${path} is not part of the API description`)
    }
  })

  test('the API documentation shows every operation, read without a script, under the site’s Content-Security-Policy', async () => {
    const record = await open('/api/v1/docs')
    const { page } = record
    await page.getByRole('heading', { name: 'API documentation', level: 1 }).waitFor()
    const openapi = (await api('/api/v1/openapi.json')) as {
      info: { title: string; version: string }
      paths: Record<string, Record<string, { summary: string }>>
    }
    // The service's own name and release, not a placeholder 1.0.0.
    const { version } = JSON.parse(readFileSync('package.json', 'utf8')) as { version: string }
    assert.equal(openapi.info.version, version)
    assert.equal(await page.title(), 'API documentation · compat')
    await page.getByText(`${openapi.info.title}, version ${version}.`).waitFor()
    assert.equal(
      await page.getByRole('link', { name: 'OpenAPI document' }).getAttribute('href'),
      '/api/v1/openapi.json',
    )
    const summaries = Object.values(openapi.paths).flatMap((operations) =>
      Object.values(operations).map((operation) => operation.summary),
    )
    assert.ok(summaries.length > 10)
    const shown = await page.evaluate<string>('document.body.textContent')
    for (const summary of summaries) assert.ok(shown.includes(summary), `${summary} is shown`)
    assertCleanAndLocal(record)
  })

  test('every page reads the same without JavaScript: the server sends the content', async () => {
    const plain = await browser.newContext({ javaScriptEnabled: false, serviceWorkers: 'block' })
    try {
      const page = await plain.newPage()
      const scripted = await context.newPage()
      await page.goto(`${origin}/`)
      assert.deepEqual(await visibleProjectNames(page), projects.map((p) => p.name).sort())

      await page.goto(`${origin}/projects/django`)
      const order = projects.find((project) => project.id === 'django')?.versions ?? []
      const matrix = page.getByRole('table', { name: /Django versions/ })
      const rowHeaders = await matrix.getByRole('rowheader').allTextContents()
      assert.deepEqual(
        rowHeaders.map((text) => text.replace(/\s*(newest documented|and later)$/, '')),
        order,
      )
      assert.ok(
        (await page.getByRole('region', { name: 'Evidence' }).getByRole('link').count()) > 0,
      )
      // What the script leaves of the server's matrix and evidence is exactly what came.
      await scripted.goto(`${origin}/projects/django`)
      await scripted.getByRole('button', { name: 'Check' }).waitFor()
      for (const selector of ['section[aria-labelledby="matrix-heading"]', 'section.evidence']) {
        assert.equal(
          await scripted.locator(selector).innerHTML(),
          await page.locator(selector).innerHTML(),
          selector,
        )
      }

      await page.goto(`${origin}/dependencies`)
      assert.ok(
        (await page.getByRole('list', { name: 'Dependencies' }).getByRole('link').count()) > 10,
      )
      await page.goto(`${origin}/dependencies/postgresql`)
      await page.getByRole('heading', { name: 'Who documents postgresql', level: 1 }).waitFor()
      assert.ok((await page.locator('.use-item').count()) > 10)
      // Judged for a version in its address: the answer first, from the server.
      await page.goto(`${origin}/dependencies/postgresql?version=18`)
      await page
        .getByRole('heading', { name: /^With postgresql 18: the newest version of each project/ })
        .waitFor()
      await page.goto(`${origin}/api/v1/docs`)
      await page.getByRole('heading', { name: 'API documentation', level: 1 }).waitFor()
      await page.goto(`${origin}/stack`)
      await page.getByRole('heading', { name: 'Check a stack', level: 1 }).waitFor()
      await page.getByRole('heading', { name: 'Plan an upgrade', level: 2 }).waitFor()
      await page.getByLabel('Name', { exact: true }).waitFor()
      assert.equal(await page.getByText('Loading…').count(), 0)
      await scripted.close()
    } finally {
      await plain.close()
    }
  })

  test('no page logged a console error or requested anything from elsewhere', () => {
    assert.ok(opened.length >= 7)
    for (const record of opened) assertCleanAndLocal(record)
  })
})
