/**
 * The browser tests' setup: the real server on the bundled data on a free port, and Debian's
 * Chromium (or CHROMIUM_PATH) driven through playwright-core.
 */
import assert from 'node:assert/strict'
import { existsSync } from 'node:fs'
import { type Browser, chromium, type Page } from 'playwright-core'
import type { ProjectIndexEntry } from '../../src/api/response-schemas.ts'
import { BUNDLED_DATA_DIR } from '../../src/data/bundled-data-dir.ts'
import type { RunningServer } from '../../src/server.ts'
import { startFixtureServer } from './fixture-server.ts'

const CHROMIUM_PATH = process.env.CHROMIUM_PATH || '/usr/bin/chromium'
const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
  // Lighter navigation for tests that load hundreds of pages: no page kept for going back, no
  // new renderer process per navigation, no compositor threads to feed for a page nobody
  // watches. About a sixth less CPU over the phone test's sweep of every project.
  '--disable-features=BackForwardCache,RenderDocument,ProactivelySwapBrowsingInstance',
  '--renderer-process-limit=1',
  '--disable-site-isolation-trials',
  '--disable-threaded-animation',
  '--disable-threaded-scrolling',
  '--disable-checker-imaging',
]

export interface WebSession {
  readonly server: RunningServer
  /** The server's origin, like http://127.0.0.1:PORT. */
  readonly origin: string
  readonly browser: Browser
  /** The project index the pages show. */
  readonly projects: ProjectIndexEntry[]
  /** GET `path` from the server: it must answer 200 with JSON. */
  api(path: string): Promise<unknown>
  close(): Promise<void>
}

export async function openWebSession(): Promise<WebSession> {
  if (!existsSync(CHROMIUM_PATH)) {
    throw new Error(
      `Chromium is not at ${CHROMIUM_PATH}; the web tests drive a real browser. Install it (Debian: apt-get install -y chromium) or set CHROMIUM_PATH.`,
    )
  }
  const server = await startFixtureServer({ dataDir: BUNDLED_DATA_DIR })
  const origin = new URL(server.url).origin
  const api = async (path: string): Promise<unknown> => {
    const response = await fetch(`${origin}${path}`)
    assert.equal(response.status, 200, `GET ${path}`)
    return response.json()
  }
  const { projects } = (await api('/api/v1/projects')) as { projects: ProjectIndexEntry[] }
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS })
  return {
    server,
    origin,
    browser,
    projects,
    api,
    async close() {
      await browser.close()
      await server.app.close()
    },
  }
}

/**
 * Opens every closed section (`<details>`) of the page: the evidence of every version, each
 * chart's text version. What a reader can open must be laid out and scanned too.
 */
export async function openAllSections(page: Page): Promise<void> {
  await page.evaluate(
    "for (const section of document.querySelectorAll('details')) section.open = true",
  )
}
