/**
 * Support windows on the web site in real Chromium (docs/web.md, "Support windows"): the
 * project page's timeline, the stack page's support of each component, the dependency page's
 * filter, with and without JavaScript. The server runs on the real clock, so every assertion
 * holds on any day after 2026-10-27 (support-windows-server.ts); what depends on the day is
 * read from the API on the same day. Needs Chromium (see web-session.ts).
 */
import assert from 'node:assert/strict'
import { existsSync } from 'node:fs'
import { mkdir } from 'node:fs/promises'
import { join } from 'node:path'
import { after, before, describe, test } from 'node:test'
import { fileURLToPath } from 'node:url'
import { type Browser, chromium, type Page } from 'playwright-core'
import type { LifecycleResult } from '../../src/api/response-schemas.ts'
import type { RunningServer } from '../../src/server.ts'
import { startSupportWindowsServer } from './support-windows-server.ts'

const CHROMIUM_PATH = process.env.CHROMIUM_PATH || '/usr/bin/chromium'
const PHONE = { width: 320, height: 640 }
const ARTIFACTS =
  process.env.COMPAT_TEST_ARTIFACTS ||
  fileURLToPath(new URL('../../test-results/web/', import.meta.url))

// The budget is the suite's (about 40 s on 2 cores); a page's wait has 10 s, so a failing
// test is reported as itself rather than as the whole suite running out of time.
describe('support windows in Chromium', { timeout: 240_000 }, () => {
  let server: RunningServer
  let origin: string
  let browser: Browser
  const errors: string[] = []

  before(async () => {
    assert.ok(existsSync(CHROMIUM_PATH), `Chromium is not at ${CHROMIUM_PATH}`)
    server = await startSupportWindowsServer()
    origin = new URL(server.url).origin
    browser = await chromium.launch({
      executablePath: CHROMIUM_PATH,
      args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
    })
  })

  after(async () => {
    await browser?.close()
    await server?.stop()
  })

  /** A page at `path`, its console errors recorded; `script: false` turns JavaScript off. */
  async function open(path: string, { script = true, viewport = PHONE } = {}): Promise<Page> {
    const context = await browser.newContext({ javaScriptEnabled: script, viewport })
    context.setDefaultTimeout(10_000)
    const page = await context.newPage()
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(`${path}: ${message.text()}`)
    })
    page.on('pageerror', (error) => errors.push(`${path}: ${error.message}`))
    const response = await page.goto(`${origin}${path}`)
    assert.equal(response?.status(), 200, path)
    return page
  }

  const close = (page: Page) => page.context().close()

  async function lifecycle(project: string): Promise<LifecycleResult> {
    return (await (
      await fetch(`${origin}/api/v1/projects/${project}/lifecycle`)
    ).json()) as LifecycleResult
  }

  /** The rows of the timeline: [line, the words over its bar]. */
  async function timelineRows(page: Page): Promise<[string, string][]> {
    const rows = page.locator('.support-timeline-svg g.row')
    const lines = await rows.evaluateAll((found) =>
      found.map((row) => [
        row.getAttribute('data-line') ?? '',
        row.querySelector('.row-words')?.textContent ?? '',
      ]),
    )
    return lines as [string, string][]
  }

  /** Whether the page scrolls sideways. */
  const tooWide = (page: Page) =>
    page.evaluate<number>('document.documentElement.scrollWidth - window.innerWidth')

  for (const script of [true, false]) {
    test(`the project page draws each release line over the years, today marked, its status in words (${script ? 'with' : 'without'} JavaScript)`, async () => {
      const page = await open('/projects/platform', { script })
      const section = page.getByRole('region', { name: 'Support windows' })
      await section.waitFor()
      await section.getByRole('img', { name: 'Platform release lines and their support' }).waitFor()
      const rows = await timelineRows(page)
      assert.deepEqual(
        rows.map(([line]) => line),
        ['1.35', '1.34', '1.33', '1.20'],
        'newest first',
      )
      // 1.35's status depends on the day: the words are the API's for today.
      const newest = (await lifecycle('platform')).lines[0]
      assert.ok(newest)
      const words = {
        unreleased: 'not released yet',
        supported: 'supported until 2027-02-28',
        'security-only': 'security fixes until 2027-02-28',
        'end-of-life': 'end of life since 2027-02-28',
        unknown: '',
      }[newest.status]
      assert.deepEqual(rows, [
        ['1.35', `1.35 · ${words}`],
        ['1.34', '1.34 · end of life since 2026-10-27'],
        ['1.33', '1.33 · end of life since 2026-06-28'],
        ['1.20', '1.20 LTS · ended (date not published)'],
      ])
      // Today is after 1.34's end: its line is drawn right of 1.34's last bar.
      const today = await page.locator('.today-line').boundingBox()
      const ended = await page.locator('g.row[data-line="1.34"] rect.phase').last().boundingBox()
      assert.ok(today && ended && today.x > ended.x + ended.width, 'today is right of 1.34’s end')
      assert.equal(await page.locator('.today-label').textContent(), 'today')
      // Every line in words, in the text version.
      await section.getByText('Chart as text').click()
      assert.match(
        (await section.locator('.chart-text li[data-line="1.34"]').textContent()) ?? '',
        /^1\.34: released 2025-08-27; bug fixes until 2026-08-27; security fixes until 2026-10-27; latest release 1\.34\.11\. On \d{4}-\d\d-\d\d: end of life since 2026-10-27\.$/,
      )
      assert.ok(
        await section.locator('.chart-text li').first().isVisible(),
        'the text version opens',
      )
      await section.getByRole('link', { name: 'Platform support policy' }).waitFor()
      assert.ok((await tooWide(page)) <= 0, 'no sideways scrolling at 320 px')
      const drawing = await page.locator('.support-timeline-svg').boundingBox()
      assert.ok(drawing && drawing.width <= PHONE.width, 'the drawing fits the phone')
      await close(page)
    })
  }

  test('the script leaves the server’s timeline as it came', async () => {
    const plain = await open('/projects/platform', { script: false })
    const scripted = await open('/projects/platform')
    await scripted.getByRole('button', { name: 'Check' }).waitFor()
    const selector = 'section.support-windows'
    assert.equal(
      await scripted.locator(selector).innerHTML(),
      await plain.locator(selector).innerHTML(),
    )
    await close(plain)
    await close(scripted)
  })

  test('open ends fade into an arrow, security fixes only are hatched, LTS is said', async () => {
    const page = await open('/projects/agent')
    await page.getByRole('img', { name: 'Agent release lines and their support' }).waitFor()
    assert.deepEqual(await timelineRows(page), [
      ['3.2', '3.2 · supported, no end announced'],
      ['3.1', '3.1 LTS · security fixes until 2099-12-31'],
      ['3.0', '3.0 · end of life since 2026-06-30'],
      ['2.9', '2.9 · ended (date not published)'],
    ])
    assert.equal(await page.locator('g.row[data-line="3.2"] .end-arrow').count(), 1)
    assert.equal(await page.locator('g.row[data-line="3.1"] rect.phase-security').count(), 1)
    assert.equal(await page.locator('g.row[data-line="2.9"] .end-unknown').textContent(), '?')
    // The legend: a sign (hidden from screen readers) and the words.
    const legend = (await page.locator('.support-timeline .chart-legend li').allTextContents()).map(
      (text) => text.replace(/^[▶?]/, ''),
    )
    assert.deepEqual(legend.slice(0, 3), ['every fix', 'security fixes only', 'no end announced'])
    // 3.1's end, 2099, is past the axis (six years after today): its bar runs on into an arrow.
    assert.match(legend[3] ?? '', /^runs on past 20\d\d$/)
    assert.equal(legend[4], 'ended, date not published')
    assert.equal(await page.locator('g.row[data-line="3.1"] .end-arrow.beyond').count(), 1)
    assert.match(legend.at(-1) ?? '', /^today, \d{4}-\d\d-\d\d$/)
    await close(page)
  })

  test('a project without support windows has no timeline', async () => {
    const page = await open('/projects/webapp')
    await page.getByRole('heading', { name: 'Evidence', level: 2 }).waitFor()
    assert.equal(await page.getByRole('region', { name: 'Support windows' }).count(), 0)
    await close(page)
  })

  test('the stack page says each component’s support and warns of an end of life beside the verdict, which stays the same', async () => {
    const path = '/stack?plat=1.34.2&dbo=1.27.1&agent=v3.2.1'
    const page = await open(path)
    const expected = (await (
      await fetch(`${origin}/api/v1/stack`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ components: { plat: '1.34.2', dbo: '1.27.1', agent: 'v3.2.1' } }),
      })
    ).json()) as { compatible: string }
    const verdict = expected.compatible[0]?.toUpperCase() + expected.compatible.slice(1)
    await page.getByRole('heading', { name: `Your stack: ${verdict}`, level: 2 }).waitFor()
    const warning = page.locator('.support-warning')
    await warning.getByText('End of life: 1 component gets no more fixes').waitFor()
    const ended = warning.getByRole('list', { name: 'Components past their end of life' })
    assert.deepEqual(await ended.getByRole('listitem').allTextContents(), [
      'plat 1.34.2: end of life since 2026-10-27 (release line 1.34)',
    ])
    const components = page.getByRole('list', { name: 'Components as read' })
    const plat = components.getByRole('listitem').filter({ hasText: /^plat/ })
    const badge = plat.locator('.badge.support-end-of-life')
    assert.equal(await badge.textContent(), 'support: end of life since 2026-10-27')
    assert.match((await plat.textContent()) ?? '', /\(release line 1\.34\)/)
    const agent = components.getByRole('listitem').filter({ hasText: /^agent/ })
    assert.equal(
      await agent.locator('.badge.support-supported').textContent(),
      'support: supported, no end announced',
    )
    const dbo = components.getByRole('listitem').filter({ hasText: /^dbo/ })
    await dbo.getByText('no support dates recorded for this version').waitFor()
    // The server sent that answer; checked again from the form, the status line says it too.
    await page.getByRole('button', { name: 'Check stack' }).click()
    await page
      .locator('#stack-status')
      .getByText(/End of life: 1 component\.$/)
      .waitFor()
    assert.ok((await tooWide(page)) <= 0, 'no sideways scrolling at 320 px')
    await close(page)
  })

  test('without JavaScript, the dependency page shows only supported release lines when asked, and says how many it hides', async () => {
    const page = await open('/dependencies/etcd', { script: false })
    const items = page.locator('.use-item:visible')
    assert.equal(await items.count(), 6)
    const note = page.locator('#supported-note')
    assert.equal(await note.isVisible(), false)
    assert.equal(
      await page.locator('.use-item[data-status="end-of-life"] .badge').first().textContent(),
      'support: end of life',
    )
    await page.getByLabel('Only entries whose release line is still supported').check()
    assert.deepEqual(
      await items.evaluateAll((found) =>
        found.map((item) => item.querySelector('.version')?.textContent),
      ),
      ['3.2', '3.1'],
    )
    assert.equal(
      await page.locator('.dependency-project:visible').count(),
      1,
      'the platform’s section is hidden',
    )
    assert.match(
      (await note.textContent()) ?? '',
      /^Showing 2 entries whose release line is supported on \d{4}-\d\d-\d\d; 4 entries hidden/,
    )
    assert.equal(await note.isVisible(), true)
    await page.getByLabel('Only entries whose release line is still supported').uncheck()
    assert.equal(await items.count(), 6)
    assert.ok((await tooWide(page)) <= 0, 'no sideways scrolling at 320 px')
    await close(page)
  })

  test('with JavaScript, the support filter and the compatible filter together; the note follows what is listed', async () => {
    const page = await open('/dependencies/etcd?version=3.6')
    await page.getByText(/With 3\.6: \d+ compatible/).waitFor()
    await page.getByLabel('Only entries compatible with it').check()
    await page.getByText(/^Showing the 3 entries compatible with 3\.6; \d+ hidden\.$/).waitFor()
    await page.getByLabel('Only entries whose release line is still supported').check()
    const items = page.locator('.use-item:visible')
    assert.deepEqual(
      await items.evaluateAll((found) =>
        found.map((item) => item.querySelector('.version')?.textContent),
      ),
      ['3.2', '3.1'],
    )
    assert.match(
      (await page.locator('#supported-note').textContent()) ?? '',
      /Showing 2 entries .*; 1 entry hidden/,
    )
    await close(page)
  })

  test('pictures of the timeline at phone and desktop width are kept for a person to look at', async () => {
    await mkdir(ARTIFACTS, { recursive: true })
    for (const [width, viewport] of [
      ['phone', { width: 390, height: 844 }],
      ['desktop', { width: 1280, height: 900 }],
    ] as const) {
      for (const project of ['platform', 'agent']) {
        const page = await open(`/projects/${project}`, { viewport })
        const section = page.locator('section.support-windows')
        await section.waitFor()
        await section.screenshot({ path: join(ARTIFACTS, `timeline-${project}-${width}.png`) })
        await close(page)
      }
    }
  })

  test('no page logged an error', () => assert.deepEqual(errors, []))
})
