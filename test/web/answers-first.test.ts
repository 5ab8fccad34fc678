/**
 * The site answers first (docs/web.md), in real Chromium at a desktop's 1366×900 and a phone's
 * 390×844, with and without JavaScript where a page works without it: the stack's verdict
 * brought into view and focused; shared stack links and the stack form answered by the server;
 * a project check's support; a dependency page that leads with its answer; the home page's way
 * in; the 404's "did you mean"; the matrix's one-way scroll; visitor words; the search's order.
 * The expectations come from the public API, on the bundled data and the real clock.
 */
import assert from 'node:assert/strict'
import { readFileSync } from 'node:fs'
import { after, before, describe, test } from 'node:test'
import type { Locator, Page } from 'playwright-core'
import type { LifecycleResult, ProjectIndexEntry } from '../../src/api/response-schemas.ts'
import { waitUntil } from '../support/wait-until.ts'
import { openWebSession, type WebSession } from '../support/web-session.ts'

const SIZES = [
  ['desktop', { width: 1366, height: 900 }],
  ['phone', { width: 390, height: 844 }],
] as const

const STACK = '/stack?kubernetes=1.31.6&cert-manager=1.15.3'

describe('the site answers first', { timeout: 300_000 }, () => {
  let session: WebSession
  let origin: string

  before(async () => {
    session = await openWebSession()
    origin = session.origin
  })

  after(() => session?.close())

  async function open(
    path: string,
    size: { width: number; height: number },
    javaScriptEnabled = true,
  ): Promise<Page> {
    const page = await session.browser.newPage({ viewport: size, javaScriptEnabled })
    await page.goto(`${origin}${path}`)
    return page
  }

  /** Waits until the element lies wholly in the window (scrolling may be smooth). */
  async function inView(page: Page, locator: Locator, what: string): Promise<void> {
    const height = page.viewportSize()?.height ?? 0
    await waitUntil(
      `${what} in view`,
      () => locator.boundingBox(),
      (box) =>
        box !== null && box.y >= -1 && box.y + Math.min(box.height, height / 2) <= height + 1,
    )
  }

  const activeElementText = (page: Page) =>
    page.evaluate<string>('document.activeElement?.textContent ?? ""')

  for (const [name, size] of SIZES) {
    test(`${name}: Check stack brings the verdict into view and focuses it; an empty check's message too`, async () => {
      const page = await open('/stack', size)
      // An empty check: the message beside the form, in view.
      await page.getByRole('button', { name: 'Check stack' }).click()
      const notice = page.locator('#stack-notice')
      await notice.getByText('Add at least one component with its version.').waitFor()
      await inView(page, notice, 'the empty check’s message')
      await page.getByLabel('Name').first().fill('kubernetes')
      await page.getByLabel('Version').first().fill('1.31.6')
      await page.getByRole('button', { name: 'Add a component' }).click()
      await page.getByLabel('Name').nth(1).fill('cert-manager')
      await page.getByLabel('Version').nth(1).fill('1.15.3')
      await page.getByRole('button', { name: 'Check stack' }).click()
      const verdict = page.getByRole('heading', { name: /^Your stack: /, level: 2 })
      await verdict.waitFor()
      await inView(page, verdict, 'the verdict')
      assert.match(await activeElementText(page), /^Your stack: /)
      // The status line, a polite live region, says it too.
      const status = page.locator('#stack-status')
      assert.equal(await status.getAttribute('role'), 'status')
      assert.equal(await status.getAttribute('aria-live'), 'polite')
      await status.getByText(/^Stack: compatible\./).waitFor()
      await page.close()
    })

    test(`${name}: a shared stack link without JavaScript shows the rows and the verdict; the form is a plain GET form`, async () => {
      const page = await open(STACK, size, false)
      assert.equal(await page.locator('#component-name-1').inputValue(), 'kubernetes')
      assert.equal(await page.locator('#component-version-2').inputValue(), '1.15.3')
      await page.getByRole('heading', { name: 'Your stack: Compatible', level: 2 }).waitFor()
      await page.getByRole('list', { name: 'Result per pair' }).waitFor()
      // Nothing offered that needs a script.
      assert.equal(await page.getByRole('button', { name: /^Remove component/ }).count(), 0)
      assert.equal(await page.getByText('Paste a stack file').isVisible(), false)

      // Add a component: the page again with a row more, focused; Check stack: the verdict.
      await page.getByRole('button', { name: 'Add a component' }).click()
      await page.locator('#component-name-3').waitFor()
      assert.equal(await page.locator('#component-name-1').inputValue(), 'kubernetes')
      assert.equal(
        await page.evaluate<string>('document.activeElement?.id ?? ""'),
        'component-name-3',
      )
      await page.locator('#component-name-3').fill('ingress-nginx')
      await page.locator('#component-version-3').fill('1.12.0')
      await page.getByRole('button', { name: 'Check stack' }).click()
      await page.waitForURL(
        `${origin}/stack?kubernetes=1.31.6&cert-manager=1.15.3&ingress-nginx=1.12.0#stack-result`,
      )
      const verdict = page.getByRole('heading', { name: /^Your stack: /, level: 2 })
      await verdict.waitFor()
      await inView(page, verdict, 'the verdict landed on')

      // Plan upgrade: the rows and the plan's fields in one GET.
      await page.getByLabel('Upgrade', { exact: true }).fill('kubernetes')
      await page.getByLabel('to', { exact: true }).fill('1.34')
      await page.getByRole('button', { name: 'Plan upgrade' }).click()
      await page.waitForURL(/upgrade=kubernetes&to=1\.34#plan-result$/)
      assert.ok(page.url().includes('kubernetes=1.31.6&cert-manager=1.15.3&ingress-nginx=1.12.0'))
      await page
        .getByRole('heading', { name: /^Upgrade kubernetes to 1\.34: /, level: 3 })
        .waitFor()

      // Half a target: said in words beside the plan form, what was typed kept.
      await page.getByLabel('to', { exact: true }).fill('')
      await page.getByRole('button', { name: 'Plan upgrade' }).click()
      await page
        .locator('#plan-notice')
        .getByText('Give the version to upgrade “kubernetes” to.')
        .waitFor()
      assert.equal(await page.locator('#component-name-3').inputValue(), 'ingress-nginx')
      await page.close()
    })

    test(`${name}: a project check says whether the checked version is supported, and offers its support badge`, async () => {
      const lifecycle = (await session.api('/api/v1/projects/django/lifecycle')) as LifecycleResult
      const line = lifecycle.lines.find((candidate) => candidate.line === '4.2')
      assert.ok(line, 'the bundled data has Django 4.2’s support window')
      const page = await open('/projects/django?version=4.2&python=3.9', size)
      const result = page.locator('#check-result')
      await result.getByRole('heading', { name: /^Django 4\.2: /, level: 3 }).waitFor()
      const support = result.locator('.checked-support')
      assert.equal(await support.getAttribute('data-status'), line.status)
      const words = (await support.textContent()) ?? ''
      assert.match(words, new RegExp(`^Support on ${lifecycle.date}: `))
      assert.match(words, /\(release line 4\.2/)
      if (line.status === 'end-of-life') {
        assert.match(words, new RegExp(`end of life since ${line.supportUntil}`))
        assert.match(words, /Django 4\.2 gets no more fixes/)
      }
      // Right under the verdict and its reason; checked from the form, in view with them.
      assert.equal(
        await support.evaluate((element) => element.previousElementSibling?.className),
        'reason',
      )
      await page.getByRole('button', { name: 'Check', exact: true }).click()
      await waitUntil(
        'the verdict focused',
        () => activeElementText(page),
        (text) => text.startsWith('Django 4.2: '),
      )
      await inView(page, result.locator('.checked-support'), 'the checked version’s support')
      await result.getByText('Support badge for a README').click()
      const markdown = (await result.locator('.badge-markdown pre').first().textContent()) ?? ''
      assert.equal(
        markdown,
        `[![django 4.2 support](${origin}/badge/django/4.2/support.svg)](${origin}/projects/django#lifecycle-heading)`,
      )
      await page.close()
    })

    for (const javaScript of [true, false]) {
      test(`${name}, ${javaScript ? 'with' : 'without'} JavaScript: a dependency page judged for a version leads with the answer`, async () => {
        const view = (await session.api('/api/v1/dependencies/kubernetes?version=1.34')) as {
          entries: { project: string; version: string; compatible: string; status: string }[]
        }
        const page = await open('/dependencies/kubernetes?version=1.34', size, javaScript)
        const heading = page.getByRole('heading', {
          name: 'With kubernetes 1.34: the newest version of each project that works',
        })
        await heading.waitFor()
        // Within the first two screens, before the chart and the entries.
        const box = await heading.boundingBox()
        assert.ok(box !== null && box.y < size.height * 2, `the answer at y=${box?.y}`)
        const order = await page.evaluate<number[]>(`[
          '.dependency-answer', '.support-chart', '.dependency-results',
        ].map((selector) => document.querySelector(selector).getBoundingClientRect().top)`)
        assert.deepEqual(
          [...order].sort((a, b) => a - b),
          order,
        )
        // Each project's newest compatible version, the newest on a supported line first.
        const expected = new Map<string, string>()
        for (const project of new Set(view.entries.map((use) => use.project))) {
          const compatible = view.entries.filter(
            (use) => use.project === project && use.compatible === 'compatible',
          )
          const best =
            compatible.find(
              (use) => use.status === 'supported' || use.status === 'security-only',
            ) ?? compatible[0]
          if (best !== undefined) expected.set(project, best.version)
        }
        const items = await page
          .getByRole('list', { name: /^Newest version compatible with kubernetes 1\.34/ })
          .locator(':scope > li')
          .evaluateAll((nodes) =>
            nodes.map((node) => [
              node.querySelector('a')?.textContent ?? '',
              node.querySelector('a.version')?.textContent ?? '',
            ]),
          )
        assert.deepEqual(new Map(items as [string, string][]), expected)
        // The rest is folded: the page is a few screens, not 70,000 pixels.
        const height = await page.evaluate<number>('document.documentElement.scrollHeight')
        assert.ok(height < (size.width < 500 ? 60_000 : 20_000), `${height} px`)
        assert.equal(await page.locator('details.use-fold[open]').count(), 0)
        // The chart's legend next to the chart: above its drawing.
        const legend = await page.locator('.support-chart .chart-legend').first().boundingBox()
        const drawing = await page.locator('.support-chart svg').first().boundingBox()
        assert.ok(legend !== null && drawing !== null && legend.y < drawing.y)
        // The support filter applies to the answer, without a script.
        await page.getByLabel('Only entries whose release line is still supported').check()
        const shown = await page
          .locator('.answer-item')
          .filter({ visible: true })
          .evaluateAll((nodes) => nodes.map((node) => node.getAttribute('data-status')))
        assert.ok(shown.length > 0)
        assert.ok(shown.every((status) => status === 'supported' || status === 'security-only'))
        await page.close()
      })
    }

    test(`${name}: the home page leads to the stack checker and the planner, with examples, without JavaScript`, async () => {
      const page = await open('/', size, false)
      const start = page.getByRole('region', { name: 'What you can ask' })
      assert.equal(
        await start.getByRole('link', { name: 'Check a stack' }).getAttribute('href'),
        '/stack',
      )
      assert.equal(
        await start.getByRole('link', { name: 'Plan an upgrade' }).getAttribute('href'),
        '/stack#plan-heading',
      )
      const example = start.getByRole('link', { name: /^that stack to Kubernetes 1\.34/ })
      await inView(page, start, 'the way in')
      await example.click()
      await page
        .getByRole('heading', {
          name: /^Upgrade kubernetes to 1\.34, one step at a time: /,
          level: 3,
        })
        .waitFor()
      await page.close()
    })

    test(`${name}: a mistyped project is a 404 that says what was meant`, async () => {
      for (const javaScript of [true, false]) {
        const page = await session.browser.newPage({
          viewport: size,
          javaScriptEnabled: javaScript,
        })
        const response = await page.goto(`${origin}/projects/kubernetis`)
        assert.equal(response?.status(), 404)
        await page.getByRole('heading', { name: 'Project not found', level: 1 }).waitFor()
        assert.equal(
          await page.getByRole('link', { name: 'Kubernetes', exact: true }).getAttribute('href'),
          '/projects/kubernetes',
        )
        await page.getByText(/^Did you mean/).waitFor()
        await page.close()
      }
    })

    test(`${name}: the matrix scrolls sideways only, its title in view, its last column reachable`, async () => {
      const page = await open('/projects/kubernetes', size, false)
      const box = page.locator('.table-scroll')
      const sizes = await box.evaluate((element) => ({
        scrollHeight: element.scrollHeight,
        clientHeight: element.clientHeight,
        scrollWidth: element.scrollWidth,
        clientWidth: element.clientWidth,
      }))
      assert.equal(
        sizes.scrollHeight,
        sizes.clientHeight,
        'no scrolling up and down inside the page',
      )
      const title = page.locator('#matrix-caption')
      const titleBox = await title.boundingBox()
      assert.ok(titleBox !== null && titleBox.x >= 0 && titleBox.x + titleBox.width <= size.width)
      assert.equal(await page.getByRole('table', { name: /^Kubernetes versions/ }).count(), 1)
      // Scrolled to its end, the last column shows whole.
      await box.evaluate((element) => {
        element.scrollLeft = element.scrollWidth
      })
      const last = await page.locator('.matrix thead th').last().boundingBox()
      const frame = await box.boundingBox()
      assert.ok(last !== null && frame !== null && last.x + last.width <= frame.x + frame.width + 1)
      await page.close()
    })
  }

  test('search puts what is named exactly first: postgres finds PostgreSQL first', async () => {
    const page = await open('/', SIZES[0][1])
    await page.getByRole('searchbox', { name: 'Search' }).fill('postgres')
    await page.getByText(/of \d+ projects match/).waitFor()
    const first = page.locator('.project-card:not([hidden]) h2').first()
    assert.equal(await first.textContent(), 'PostgreSQL')
    await page.close()
  })

  test('visitor words: support windows, file faults, reasons and plans say nothing meant for maintainers', async () => {
    const size = SIZES[1][1]
    const project = await open('/projects/kubernetes', size, false)
    const windows = (await project.locator('.support-windows').textContent()) ?? ''
    assert.doesNotMatch(windows, /compat import|importedFrom|replace this block/)
    assert.match(windows, /endoflife\.date/)
    await project.close()

    const stack = await open('/stack', size, false)
    await stack.getByLabel('File contents').fill('hello world')
    await stack.getByRole('button', { name: 'Read file and check' }).click()
    const faults = stack.getByRole('list', { name: 'What could not be read' })
    await faults.waitFor()
    assert.doesNotMatch((await faults.textContent()) ?? '', /`/)
    assert.ok((await faults.locator('code').count()) > 0)
    await stack.close()

    const checked = await open(STACK, size, false)
    const components =
      (await checked.getByRole('list', { name: 'Components as read' }).textContent()) ?? ''
    assert.doesNotMatch(components, /documented key/)
    await checked.close()

    const planned = await open(
      '/stack?kubernetes=1.31&cert-manager=1.15&cloudnative-pg=1.24&ingress-nginx=1.12.0&argo-cd=2.14&upgrade=kubernetes&to=1.34&path=1',
      size,
      false,
    )
    const plan = (await planned.locator('#plan-result').textContent()) ?? ''
    assert.doesNotMatch(plan, /cannot decide|documented key/)
    await planned.close()
  })

  test('a file’s summary adds up: found = matched + matched none', async () => {
    const page = await open('/stack', SIZES[0][1])
    const text = readFileSync(
      new URL('../fixtures/stack-files/cyclonedx-1.6/node-python-image.cdx.json', import.meta.url),
      'utf8',
    )
    await page.getByLabel('File contents').fill(text)
    await page.getByRole('button', { name: 'Read file and check' }).click()
    const summary = page.locator('#file-result p').first()
    await summary.getByText(/^Read as /).waitFor()
    const words = (await summary.textContent()) ?? ''
    const [, found, matched, none] =
      /(\d+) components? found: (\d+) matched [^,]*, (\d+) matched none/.exec(words) ?? []
    assert.equal(Number(found), Number(matched) + Number(none), words)
    await page.close()
  })

  test('the page never contradicts itself: newest documented, and what the support windows say of it', async () => {
    const projects = session.projects as ProjectIndexEntry[]
    for (const id of ['kubernetes', 'django']) {
      const entry = projects.find((project) => project.id === id)
      assert.ok(entry)
      const lifecycle = (await session.api(`/api/v1/projects/${id}/lifecycle`)) as LifecycleResult
      const page = await open(`/projects/${id}`, SIZES[0][1], false)
      assert.equal(await page.getByText(/ latest$/).count(), 0)
      await page.locator('.matrix tbody th').first().getByText('newest documented').waitFor()
      const newestLine = lifecycle.lines.find((line) => line.status !== 'unreleased')?.line
      const newest = entry.versions[0] ?? ''
      const note = page.locator('.newest-line-note')
      if (newestLine !== undefined && !newest.startsWith(`${newestLine}`)) {
        // The two differ: the support windows say so in words.
        await note.waitFor()
        assert.match((await note.textContent()) ?? '', new RegExp(newest.replaceAll('.', '\\.')))
      }
      await page.close()
    }
  })
})
