/**
 * The web page on a phone and at a hundred projects, in real Chromium: no page scrolls
 * sideways at 320 or 390 px (the stack page with a file's result too), a check result is one
 * column, the matrix scrolls in its box.
 * (accessibility.test.ts scans the pages with axe-core.)
 */
import assert from 'node:assert/strict'
import { readFileSync } from 'node:fs'
import { after, before, describe, test } from 'node:test'
import type { Browser, Page } from 'playwright-core'
import type { ProjectIndexEntry } from '../../src/api/response-schemas.ts'
import { openAllSections, openWebSession, type WebSession } from '../support/web-session.ts'
import { startSupportWindowsServer } from './support-windows-server.ts'

const PHONE = { width: 390, height: 844 }
const SMALL_PHONE = { width: 320, height: 640 }
const DESKTOP = { width: 1280, height: 900 }

describe('the web page on a phone', { timeout: 240_000 }, () => {
  let session: WebSession
  let origin: string
  let browser: Browser
  let projects: ProjectIndexEntry[]

  before(async () => {
    session = await openWebSession()
    ;({ origin, browser, projects } = session)
  })

  after(() => session?.close())

  /** The stack page after a file is read: pasted, posted, its result shown. */
  const fileRead = (path: string) => async (page: Page) => {
    const text = readFileSync(new URL(`../fixtures/stack-files/${path}`, import.meta.url), 'utf8')
    await page.getByLabel('File contents').fill(text)
    await page.getByRole('button', { name: 'Read file and check' }).click()
    await page.getByRole('heading', { name: 'From your file', level: 2 }).waitFor()
    await page
      .getByRole('list', { name: 'Result per pair' })
      .or(page.getByText('No component documents another'))
      .first()
      .waitFor()
  }

  // [path, what shows it is ready (or what to do there), a name when the path is not one]:
  // every kind of page beside the home and project pages.
  const OTHER_PAGES: ReadonlyArray<[string, (page: Page) => Promise<void>, string?]> = [
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
    // One step at a time with every step's pairs open; a day without a target; a rule.
    [
      '/stack?kubernetes=1.31&cert-manager=1.15&cloudnative-pg=1.24&ingress-nginx=1.12.0&argo-cd=2.14&upgrade=kubernetes&to=1.34&path=1',
      async (page) => {
        await page.locator('ol.plan-steps').waitFor()
        await openAllSections(page)
      },
    ],
    [
      '/stack?cert-manager=1.15&cloudnative-pg=1.24&argo-cd=2.14&supported-on=2027-06-30',
      (page) => page.getByRole('list', { name: 'Moves' }).waitFor(),
    ],
    [
      '/stack?kubernetes=1.33&cert-manager=1.17&upgrade=kubernetes&to=1.31&path=1',
      (page) => page.locator('.blocking-rule').waitFor(),
    ],
    // A helm list posted by the form, a CycloneDX SBOM (long package URLs) asked of the API.
    ['/stack', fileRead('helm-list/helm-list-all-namespaces.json'), 'a helm list on /stack'],
    ['/stack', fileRead('cyclonedx-1.6/node-python-image.cdx.json'), 'an SBOM on /stack'],
  ]

  // The largest pages, a since-key project, notes and many sources.
  const ALL_OPEN = new Set(['vitest', 'angular', 'eslint', 'django', 'cloudnative-pg', 'keycloak'])

  async function openProject(page: Page, path: string): Promise<void> {
    // The server sends the whole content, laid out from the first parse: that is what is
    // measured. The check form the script adds is the same form on every project; its layout
    // on a phone is measured with a result in it below and in accessibility.test.ts.
    // A CSS selector, not a role: finding a role computes accessible names over the whole
    // page, which on the largest pages cost more than loading them.
    await page.goto(`${origin}${path}`, { waitUntil: 'domcontentloaded' })
    await page.locator('#evidence-heading').waitFor()
  }

  test(`no page scrolls sideways at ${SMALL_PHONE.width} or ${PHONE.width} px: home and every project of the bundled data`, async () => {
    const wide: string[] = []
    const measure = async (page: Page, what: string) => {
      const by = await page.evaluate<number>(
        'document.documentElement.scrollWidth - window.innerWidth',
      )
      if (by > 0) wide.push(`${what} by ${by} px at ${page.viewportSize()?.width} px`)
    }
    // Both widths, the page loaded once: the layout follows the viewport.
    const measureBoth = async (page: Page, what: string) => {
      await measure(page, what)
      await page.setViewportSize(page.viewportSize()?.width === PHONE.width ? SMALL_PHONE : PHONE)
      await measure(page, what)
    }
    const first = await browser.newPage({ viewport: SMALL_PHONE })
    await first.goto(`${origin}/`)
    await first.getByRole('heading', { name: 'Projects', level: 1 }).waitFor()
    await measureBoth(first, 'home')
    // Every project at the narrower width, as the server sends it: all of its content. The
    // script adds the check form, whose fields take the column's width whatever they hold;
    // without it the sweep takes about a quarter less CPU. Both widths lie below the
    // stylesheet's one width breakpoint and nothing in it is sized by the viewport, so what
    // fits 320 px fits 390 px. The first page is navigated to; each next one is the server's
    // HTML written into that document, parsed and laid out with the same stylesheet: a
    // navigation costs Chromium about as much CPU again as laying the page out (robots.txt
    // alone took 50 ms a load), and a page's layout does not depend on how it arrived.
    const plain = await browser.newPage({ viewport: SMALL_PHONE, javaScriptEnabled: false })
    for (const [index, project] of projects.entries()) {
      if (index === 0) {
        await openProject(plain, `/projects/${project.id}`)
      } else {
        // Uncompressed: nothing to gain from compressing and decompressing it on one machine.
        const response = await fetch(`${origin}/projects/${project.id}`, {
          headers: { 'accept-encoding': 'identity' },
        })
        assert.equal(response.status, 200, project.id)
        await plain.setContent(await response.text())
      }
      const heading = await plain.evaluate<string>("document.querySelector('h1').textContent")
      assert.equal(heading, project.name, 'the page shown is this project’s')
      await measure(plain, project.id)
    }
    await plain.close()
    // The largest pages and a few kinds with the script's check form, at both widths, then
    // with every section open (all of it on all 168 would double the test).
    for (const id of ALL_OPEN) {
      await first.setViewportSize(SMALL_PHONE)
      await openProject(first, `/projects/${id}`)
      await first.locator('#check form').waitFor()
      await measureBoth(first, `${id} with its check form`)
      await openAllSections(first)
      await measureBoth(first, `${id} with every section open`)
    }
    // The dependency pages and the stack page, with results in them.
    for (const [path, ready, name = path] of OTHER_PAGES) {
      await first.goto(`${origin}${path}`)
      await ready(first)
      await measureBoth(first, name)
    }
    await first.close()
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

  test('the matrix scrolls sideways inside its box, says so, and keeps the version column in view; the page scrolls it up and down', async () => {
    const page = await browser.newPage({ viewport: PHONE })
    await openProject(page, '/projects/keycloak')
    const hint = page.getByText('The table is wider than its box: scroll it sideways')
    await hint.waitFor()
    const scroller = page.getByRole('region', { name: /Keycloak versions/ })
    const before = await page.locator('.matrix tbody th').first().boundingBox()
    await scroller.evaluate((element) => {
      element.scrollLeft = 400
    })
    const after = await page.locator('.matrix tbody th').first().boundingBox()
    assert.equal(
      Math.round(after?.x ?? -1),
      Math.round(before?.x ?? -2),
      'the version column stays',
    )
    // No box scrolling up and down inside the page: its rows and caption are the page's.
    const heights = await scroller.evaluate((element) => [
      element.scrollHeight,
      element.clientHeight,
    ])
    assert.equal(heights[0], heights[1])
    assert.ok(await page.locator('#matrix-caption').isVisible())
    await page.close()
    const wide = await browser.newPage({ viewport: DESKTOP })
    await openProject(wide, '/projects/django')
    assert.equal(await wide.getByText('The table is wider than its box').isVisible(), false)
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

  // [path on the fixture data with support windows, what shows it is ready, then what to do]
  const SUPPORT_PAGES: ReadonlyArray<[string, (page: Page) => Promise<void>]> = [
    ['/projects/platform', (page) => page.locator('.support-timeline-svg').waitFor()],
    [
      '/projects/agent',
      async (page) => {
        await page.locator('.support-timeline-svg').waitFor()
        await openAllSections(page)
      },
    ],
    [
      '/stack?plat=1.34.2&dbo=1.27.1&agent=v3.2.1&a-component-with-a-rather-long-name=1.0',
      (page) => page.locator('.support-warning').waitFor(),
    ],
    [
      '/dependencies/etcd?version=3.6',
      async (page) => {
        await page.getByText(/With 3\.6: \d+ compatible/).waitFor()
        await page.getByLabel('Only entries whose release line is still supported').check()
      },
    ],
  ]

  test(`support windows: the timeline, a stack's support and the dependency filter fit ${SMALL_PHONE.width} and ${PHONE.width} px`, async () => {
    const server = await startSupportWindowsServer()
    const at = new URL(server.url).origin
    const page = await browser.newPage({ viewport: SMALL_PHONE })
    const wide: string[] = []
    try {
      for (const [path, ready] of SUPPORT_PAGES) {
        for (const viewport of [SMALL_PHONE, PHONE]) {
          await page.setViewportSize(viewport)
          await page.goto(`${at}${path}`)
          await ready(page)
          const by = await page.evaluate<number>(
            'document.documentElement.scrollWidth - window.innerWidth',
          )
          if (by > 0) wide.push(`${path} by ${by} px at ${viewport.width} px`)
        }
      }
    } finally {
      await page.close()
      await server.stop()
    }
    assert.deepEqual(wide, [])
  })

  test('direct links work by id and by alias', async () => {
    const page = await browser.newPage({ viewport: PHONE })
    await openProject(page, '/projects/cnpg')
    assert.equal(await page.getByRole('heading', { level: 1 }).textContent(), 'CloudNativePG')
    await page.close()
  })
})
