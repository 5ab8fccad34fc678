/**
 * axe-core (the npm package, injected through the DevTools protocol, so each page's
 * Content-Security-Policy stays on) scans every kind of page at phone and desktop width and
 * must find no serious or critical problem. Screenshots of the top of each are kept in
 * test-results/web/ (or COMPAT_TEST_ARTIFACTS) for a person to look at.
 */
import assert from 'node:assert/strict'
import { readFileSync } from 'node:fs'
import { mkdir } from 'node:fs/promises'
import { createRequire } from 'node:module'
import { join } from 'node:path'
import { after, before, describe, test } from 'node:test'
import { fileURLToPath } from 'node:url'
import type { Page } from 'playwright-core'
import type { RunningServer } from '../../src/server.ts'
import { openAllSections, openWebSession, type WebSession } from '../support/web-session.ts'
import { startSupportWindowsServer } from './support-windows-server.ts'

const ARTIFACTS =
  process.env.COMPAT_TEST_ARTIFACTS ||
  fileURLToPath(new URL('../../test-results/web/', import.meta.url))
const AXE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8')
const STACK_FILE = readFileSync(
  new URL('../fixtures/stack-files/cyclonedx-1.6/node-python-image.cdx.json', import.meta.url),
  'utf8',
)
const PHONE = { width: 390, height: 844 }
const DESKTOP = { width: 1280, height: 900 }

interface AxeViolation {
  readonly id: string
  readonly impact: string | null
  readonly help: string
  readonly nodes: readonly { readonly target: readonly string[] }[]
}

describe('accessibility of every kind of page', { timeout: 360_000 }, () => {
  let session: WebSession
  /** The fixture data with support windows (the bundled data has none yet). */
  let supportServer: RunningServer

  before(async () => {
    session = await openWebSession()
    supportServer = await startSupportWindowsServer()
    await mkdir(ARTIFACTS, { recursive: true })
  })

  after(async () => {
    await supportServer?.stop()
    await session?.close()
  })

  // [name, path, what shows it is ready]
  const SCANNED: ReadonlyArray<[string, string, (page: Page) => Promise<void>]> = [
    ['home', '/', (page) => page.getByRole('heading', { name: 'Projects', level: 1 }).waitFor()],
    [
      'project',
      '/projects/django',
      async (page) => {
        await page.getByRole('heading', { name: 'Evidence', level: 2 }).waitFor()
        await openAllSections(page)
      },
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
      // A dependency with a few dozen dependents: the same markup as PostgreSQL's hundreds,
      // which took axe-core 20 s to scan (the phone test still lays that one out).
      '/dependencies/mysql?version=8.0',
      async (page) => {
        await page.getByText(/With 8\.0: \d+ compatible/).waitFor()
        await page.locator('.dependency-answer').waitFor()
        await openAllSections(page)
      },
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
    [
      // One step at a time, every step's pairs open; then a day without a target.
      'plan-path',
      '/stack?kubernetes=1.31&cert-manager=1.15&cloudnative-pg=1.24&ingress-nginx=1.12.0&argo-cd=2.14&upgrade=kubernetes&to=1.34&path=1',
      async (page) => {
        await page.locator('ol.plan-steps').waitFor()
        await openAllSections(page)
      },
    ],
    [
      'plan-supported-on',
      '/stack?cert-manager=1.15&cloudnative-pg=1.24&argo-cd=2.14&supported-on=2027-06-30',
      (page) => page.getByRole('list', { name: 'Moves' }).waitFor(),
    ],
    [
      // A CycloneDX SBOM read: what matched, what did not (with the nearest names), duplicates.
      'stack-file',
      '/stack',
      async (page) => {
        await page.getByLabel('File contents').fill(STACK_FILE)
        await page.getByRole('button', { name: 'Read file and check' }).click()
        await page.getByRole('list', { name: 'Components not in the stack' }).waitFor()
        await page.getByRole('list', { name: 'Result per pair' }).waitFor()
      },
    ],
    [
      // Every operation's schemas open: the whole document as the page renders it.
      'api-docs',
      '/api/v1/docs',
      async (page) => {
        await page.getByRole('heading', { name: 'API documentation', level: 1 }).waitFor()
        await openAllSections(page)
      },
    ],
    [
      'project-not-found',
      '/projects/kubernetis',
      (page) => page.getByText(/^Did you mean/).waitFor(),
    ],
    [
      'stack-file-faults',
      '/stack',
      async (page) => {
        await page.getByLabel('File contents').fill('hello world')
        await page.getByRole('button', { name: 'Read file and check' }).click()
        await page.getByRole('list', { name: 'What could not be read' }).waitFor()
      },
    ],
  ]

  // [name, path on the fixture data with support windows, what shows it is ready]
  const SUPPORT_SCANNED: ReadonlyArray<[string, string, (page: Page) => Promise<void>]> = [
    [
      'support-timeline',
      '/projects/agent',
      async (page) => {
        await page.locator('.support-timeline-svg').waitFor()
        await openAllSections(page)
      },
    ],
    [
      'stack-support',
      '/stack?plat=1.34.2&dbo=1.27.1&agent=v3.2.1',
      (page) => page.locator('.support-warning').waitFor(),
    ],
    [
      'dependency-support-filter',
      '/dependencies/etcd',
      (page) => page.getByLabel('Only entries whose release line is still supported').check(),
    ],
  ]

  const scans = [
    ...SCANNED.map(([name, path, ready]) => [name, path, ready, () => session.origin] as const),
    ...SUPPORT_SCANNED.map(
      ([name, path, ready]) =>
        [name, path, ready, () => new URL(supportServer.url).origin] as const,
    ),
  ]

  for (const [name, path, ready, origin] of scans) {
    test(`${name}: axe-core finds no serious or critical problem, at phone and desktop width; screenshots kept`, async () => {
      // One load, scanned at phone width and again once resized to desktop width.
      const page = await session.browser.newPage({ viewport: PHONE })
      await page.goto(`${origin()}${path}`)
      await ready(page)
      // Evaluated through the DevTools protocol: the page's Content-Security-Policy stays on.
      await page.evaluate(AXE)
      const problems: string[] = []
      for (const [width, size] of [
        ['phone', PHONE],
        ['desktop', DESKTOP],
      ] as const) {
        await page.setViewportSize(size)
        const violations = (await page.evaluate(async () => {
          const axe = (
            globalThis as unknown as {
              axe: { run(options: object): Promise<{ violations: unknown[] }> }
            }
          ).axe
          // Only violations are read: axe then skips gathering the details of what passed.
          return (await axe.run({ resultTypes: ['violations'] })).violations
        })) as AxeViolation[]
        const serious = violations
          .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
          .map(
            (violation) =>
              `${width}: ${violation.id} (${violation.impact}): ${violation.help} at ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
          )
        problems.push(...serious)
        // The top three screens: a whole 40,000-pixel page took seconds per picture.
        const height = Math.min(
          await page.evaluate<number>('document.documentElement.scrollHeight'),
          size.height * 3,
        )
        await page.screenshot({
          path: join(ARTIFACTS, `${name}-${width}.png`),
          fullPage: true,
          clip: { x: 0, y: 0, width: size.width, height },
        })
      }
      await page.close()
      assert.deepEqual(problems, [], name)
    })
  }
})
