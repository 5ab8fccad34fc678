/**
 * The web page on a phone and at a hundred projects, in real Chromium: no page scrolls
 * sideways at 320 or 390 px, axe-core finds no serious or critical problem, and screenshots
 * at phone and desktop width are kept in test-results/web/ (or COMPAT_TEST_ARTIFACTS).
 */
import assert from 'node:assert/strict'
import { existsSync, readFileSync } from 'node:fs'
import { mkdir } from 'node:fs/promises'
import { createRequire } from 'node:module'
import { join } from 'node:path'
import { after, before, describe, test } from 'node:test'
import { fileURLToPath } from 'node:url'
import { type Browser, chromium, type Page } from 'playwright-core'
import type { ProjectIndexEntry } from '../../src/api/response-schemas.ts'
import { BUNDLED_DATA_DIR } from '../../src/data/bundled-data-dir.ts'
import { type RunningServer, startServer } from '../../src/server.ts'

const CHROMIUM_PATH = process.env.CHROMIUM_PATH || '/usr/bin/chromium'
const ARTIFACTS =
  process.env.COMPAT_TEST_ARTIFACTS ||
  fileURLToPath(new URL('../../test-results/web/', import.meta.url))
const AXE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8')
const PHONE = { width: 390, height: 844 }
const SMALL_PHONE = { width: 320, height: 640 }
const DESKTOP = { width: 1280, height: 900 }

interface AxeViolation {
  readonly id: string
  readonly impact: string | null
  readonly help: string
  readonly nodes: readonly { readonly target: readonly string[] }[]
}

describe('the web page on a phone', { timeout: 240_000 }, () => {
  let server: RunningServer
  let origin: string
  let browser: Browser
  let projects: ProjectIndexEntry[]

  before(async () => {
    if (!existsSync(CHROMIUM_PATH)) throw new Error(`Chromium is not at ${CHROMIUM_PATH}`)
    server = await startServer({
      dataDir: BUNDLED_DATA_DIR,
      port: 0,
      host: '127.0.0.1',
      logLevel: 'silent',
      cacheMaxAge: 0,
    })
    origin = new URL(server.url).origin
    projects = (
      (await (await fetch(`${origin}/api/v1/projects`)).json()) as { projects: ProjectIndexEntry[] }
    ).projects
    browser = await chromium.launch({
      executablePath: CHROMIUM_PATH,
      args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
    })
    await mkdir(ARTIFACTS, { recursive: true })
  })

  after(async () => {
    await browser?.close()
    await server?.app.close()
  })

  // [path, what shows it is ready]: every kind of page beside the home and project pages.
  const OTHER_PAGES: ReadonlyArray<[string, (page: Page) => Promise<void>]> = [
    ['/dependencies', (page) => page.getByRole('list', { name: 'Dependencies' }).waitFor()],
    [
      '/dependencies/postgresql?version=18',
      (page) => page.getByText(/With 18: \d+ compatible/).waitFor(),
    ],
    [
      '/dependencies/kubernetes?version=1.34.2',
      (page) => page.getByText(/With 1\.34\.2: \d+ compatible/).waitFor(),
    ],
    ['/dependencies/python', (page) => page.getByText(/entries in \d+ projects/).waitFor()],
    [
      '/stack?kubernetes=1.33.2&cloudnative-pg-operator-with-a-long-name=v1.27.1&cnpg=v1.27.1&postgresql=17.2-bookworm&cert-manager=1.17.0',
      (page) => page.getByRole('list', { name: 'Result per pair' }).waitFor(),
    ],
    [
      '/stack?kubernetes=1.33.2&cnpg=v1.27.1&postgresql=17.2&cert-manager=1.17.0&upgrade=kubernetes&to=1.34',
      (page) => page.getByRole('list', { name: 'Moves' }).waitFor(),
    ],
    [
      '/stack?cnpg=1.28&kubernetes=1.30&upgrade=kubernetes&to=1.37',
      (page) => page.getByRole('heading', { name: 'What blocks it' }).waitFor(),
    ],
  ]

  async function openProject(page: Page, path: string): Promise<void> {
    await page.goto(`${origin}${path}`)
    await page.getByRole('heading', { name: 'Evidence', level: 2 }).waitFor()
  }

  test(`no page scrolls sideways at ${SMALL_PHONE.width} or ${PHONE.width} px: home and every project of the bundled data`, async () => {
    const wide: string[] = []
    // Each page is loaded once and measured at both widths: the layout follows the viewport.
    const measure = async (page: Page, what: string) => {
      for (const size of [SMALL_PHONE, PHONE]) {
        await page.setViewportSize(size)
        const by = await page.evaluate<number>(
          'document.documentElement.scrollWidth - window.innerWidth',
        )
        if (by > 0) wide.push(`${what} by ${by} px at ${size.width} px`)
      }
    }
    const pages = await Promise.all([0, 1].map(() => browser.newPage({ viewport: SMALL_PHONE })))
    const [first] = pages as [Page]
    await first.goto(`${origin}/`)
    await first.getByRole('heading', { name: 'Projects', level: 1 }).waitFor()
    await measure(first, 'home')
    let next = 0
    await Promise.all(
      pages.map(async (page) => {
        while (next < projects.length) {
          const project = projects[next++] as (typeof projects)[number]
          await page.setViewportSize(SMALL_PHONE)
          await openProject(page, `/projects/${project.id}`)
          await measure(page, project.id)
        }
      }),
    )
    // The dependency pages and the stack page, with results in them.
    for (const [path, ready] of OTHER_PAGES) {
      await first.setViewportSize(SMALL_PHONE)
      await first.goto(`${origin}${path}`)
      await ready(first)
      await measure(first, path)
    }
    await Promise.all(pages.map((page) => page.close()))
    assert.deepEqual(wide.sort(), [])
  })

  test('a check result fits the phone too, in one column', async () => {
    const page = await browser.newPage({ viewport: SMALL_PHONE })
    await openProject(page, '/projects/django?version=5.2&python=3.13.1&postgresql=13&mysql=8.0.40')
    await page.getByRole('list', { name: 'Result per dependency' }).waitFor()
    assert.equal(
      await page.evaluate<boolean>('document.documentElement.scrollWidth <= window.innerWidth'),
      true,
    )
    const columns = await page.evaluate<number>(
      "getComputedStyle(document.querySelector('.check-item dl')).gridTemplateColumns.split(' ').length",
    )
    assert.equal(columns, 1)
    await page.close()
  })

  test('the matrix scrolls inside its box, says so, and keeps the version column and header in view', async () => {
    const page = await browser.newPage({ viewport: PHONE })
    await openProject(page, '/projects/keycloak')
    const hint = page.getByText('The table is wider than the screen: scroll it sideways')
    await hint.waitFor()
    const scroller = page.getByRole('region', { name: /Keycloak versions/ })
    const before = await page.locator('.matrix tbody th').first().boundingBox()
    await scroller.evaluate((element) => {
      element.scrollLeft = 400
      element.scrollTop = 200
    })
    const after = await page.locator('.matrix tbody th').first().boundingBox()
    const header = await page.locator('.matrix thead th').nth(1).boundingBox()
    const box = await scroller.boundingBox()
    assert.equal(
      Math.round(after?.x ?? -1),
      Math.round(before?.x ?? -2),
      'the version column stays',
    )
    assert.ok(
      header !== null && box !== null && header.y <= box.y + 2,
      'the header row stays at the top',
    )
    await page.close()
    const wide = await browser.newPage({ viewport: DESKTOP })
    await openProject(wide, '/projects/django')
    assert.equal(await wide.getByText('The table is wider than the screen').isVisible(), false)
    await wide.close()
  })

  test('home at a hundred projects: category counts, search by alias and description, newest version and freshness on each card', async () => {
    assert.ok(projects.length >= 100)
    const page = await browser.newPage({ viewport: PHONE })
    await page.goto(`${origin}/`)
    await page.getByText(`${projects.length} projects`, { exact: true }).waitFor()
    const options = await page.getByLabel('Category').locator('option').allTextContents()
    assert.match(options[1] ?? '', /^[\w.-]+ \(\d+\)$/, 'categories carry their counts')
    const search = page.getByRole('searchbox', { name: 'Search' })
    await search.fill('cnpg')
    await page.getByText(`1 of ${projects.length} projects match`).waitFor()
    const card = page
      .getByRole('listitem')
      .filter({ has: page.getByRole('heading', { name: 'CloudNativePG' }) })
    const text = await card.textContent()
    const entry = projects.find((project) => project.id === 'cloudnative-pg') as ProjectIndexEntry
    assert.ok(text?.includes(`Newest documented: ${entry.versions[0]}`), text ?? '')
    assert.ok(text?.includes(`Evidence verified since ${entry.verified.oldest}`), text ?? '')
    const described = projects.find(
      (project) => project.description !== undefined,
    ) as ProjectIndexEntry
    const words = (described.description as string).split(' ').slice(0, 3).join(' ')
    await search.fill(words)
    await card
      .or(page.getByRole('heading', { name: described.name }))
      .first()
      .waitFor()
    await page.close()
  })

  test('direct links work by id and by alias', async () => {
    const page = await browser.newPage({ viewport: PHONE })
    await openProject(page, '/projects/cnpg')
    assert.equal(await page.getByRole('heading', { level: 1 }).textContent(), 'CloudNativePG')
    await page.close()
  })

  // [name, path, what shows it is ready]
  const SCANNED: ReadonlyArray<[string, string, (page: Page) => Promise<void>]> = [
    ['home', '/', (page) => page.getByRole('heading', { name: 'Projects', level: 1 }).waitFor()],
    [
      'project',
      '/projects/django',
      (page) => page.getByRole('heading', { name: 'Evidence', level: 2 }).waitFor(),
    ],
    [
      'check-result',
      '/projects/django?version=5.2&python=3.13.1&postgresql=13',
      (page) => page.getByRole('list', { name: 'Result per dependency' }).waitFor(),
    ],
    [
      'dependencies',
      '/dependencies',
      (page) => page.getByRole('list', { name: 'Dependencies' }).waitFor(),
    ],
    [
      'dependency',
      '/dependencies/postgresql?version=18',
      (page) => page.getByText(/With 18: \d+ compatible/).waitFor(),
    ],
    [
      'stack',
      '/stack?kubernetes=1.33.2&cnpg=v1.27.1&postgresql=17.2&cert-manager=1.17.0&redis=7.2',
      (page) => page.getByRole('list', { name: 'Result per pair' }).waitFor(),
    ],
    [
      'plan',
      '/stack?kubernetes=1.33.2&cnpg=v1.27.1&postgresql=17.2&cert-manager=1.17.0&upgrade=kubernetes&to=1.34',
      (page) => page.getByRole('list', { name: 'Moves' }).waitFor(),
    ],
  ]

  for (const [name, path, ready] of SCANNED) {
    test(`${name}: axe-core finds no serious or critical problem, at phone and desktop width; screenshots kept`, async () => {
      for (const [width, size] of [
        ['phone', PHONE],
        ['desktop', DESKTOP],
      ] as const) {
        const page = await browser.newPage({ viewport: size })
        await page.goto(`${origin}${path}`)
        await ready(page)
        // Evaluated through the DevTools protocol: the page's Content-Security-Policy stays on.
        await page.evaluate(AXE)
        const violations = (await page.evaluate(async () => {
          const axe = (
            globalThis as unknown as { axe: { run(): Promise<{ violations: unknown[] }> } }
          ).axe
          return (await axe.run()).violations
        })) as AxeViolation[]
        const serious = violations
          .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
          .map(
            (violation) =>
              `${violation.id} (${violation.impact}): ${violation.help} at ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
          )
        await page.screenshot({ path: join(ARTIFACTS, `${name}-${width}.png`), fullPage: true })
        await page.close()
        assert.deepEqual(serious, [], `${name} at ${width}`)
      }
    })
  }
})
