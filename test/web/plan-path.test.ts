/**
 * The stack page's planner in real Chromium, on the bundled data: one step at a time (the path
 * as a numbered list, each step's pairs to open), supported on a day without a target, the
 * form's words when it asks nothing, what blocks a plan (an upgrade rule, a day), the plan in
 * the URL (Back, a reload the server answers, the same link without JavaScript). Expectations
 * come from the same public API. No timings: Playwright's auto-waiting only.
 */
import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import type { BrowserContext, Page } from 'playwright-core'
import type { PlanResult } from '../../src/api/response-schemas.ts'
import { openWebSession, type WebSession } from '../support/web-session.ts'

// The example of docs/web.md: Kubernetes 1.31 to 1.34 one step at a time.
const STACK =
  '/stack?kubernetes=1.31&cert-manager=1.15&cloudnative-pg=1.24&ingress-nginx=1.12.0&argo-cd=2.14'
const COMPONENTS = {
  kubernetes: '1.31',
  'cert-manager': '1.15',
  'cloudnative-pg': '1.24',
  'ingress-nginx': '1.12.0',
  'argo-cd': '2.14',
}
const PATH_URL = `${STACK}&upgrade=kubernetes&to=1.34&path=1`
// Supported on 2027-06-30, no target.
const ON_A_DAY = '/stack?cert-manager=1.15&cloudnative-pg=1.24&argo-cd=2.14'

describe('the stack page plans one step at a time and for a day', { timeout: 180_000 }, () => {
  let session: WebSession
  let origin: string
  let context: BrowserContext
  const errors: string[] = []

  before(async () => {
    session = await openWebSession()
    origin = session.origin
    context = await session.browser.newContext({ serviceWorkers: 'block' })
  })

  after(async () => {
    await context?.close()
    await session?.close()
  })

  async function open(path: string): Promise<Page> {
    const page = await context.newPage()
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(`${path}: ${message.text()}`)
    })
    page.on('pageerror', (error) => errors.push(`${path}: uncaught ${error.message}`))
    const response = await page.goto(`${origin}${path}`)
    assert.equal(response?.status(), 200, path)
    return page
  }

  async function plan(body: object): Promise<PlanResult> {
    const response = await fetch(`${origin}/api/v1/plan`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    })
    assert.equal(response.status, 200)
    return (await response.json()) as PlanResult
  }

  const stepHeadings = (answer: PlanResult) =>
    (answer.steps ?? []).map(
      (step, index) =>
        `Step ${index + 1}: ${step.component} ${step.from === null ? `joins at ${step.to}` : `${step.from} → ${step.to}`}`,
    )

  test('one step at a time: a numbered path, Kubernetes through 1.32, 1.33, 1.34 in order, each step’s pairs to open; Back; a reload the server answers', async () => {
    const page = await open(STACK)
    await page.getByRole('list', { name: 'Result per pair' }).waitFor()
    await page.getByLabel('Upgrade', { exact: true }).fill('kubernetes')
    await page.getByLabel('to', { exact: true }).fill('1.34')
    await page.getByLabel('One step at a time').check()
    await page.getByRole('button', { name: 'Plan upgrade' }).click()
    const expected = await plan({
      components: COMPONENTS,
      target: { kubernetes: '1.34' },
      path: true,
    })
    assert.equal(expected.feasible, true)
    await page
      .getByRole('heading', {
        name: 'Upgrade kubernetes to 1.34, one step at a time: Possible',
        level: 3,
      })
      .waitFor()
    await page.getByText(expected.reason, { exact: true }).waitFor()
    const steps = page.getByRole('list', { name: /^The path, step by step/ })
    const headings = await steps.locator(':scope > li > h4').allTextContents()
    assert.deepEqual(headings, stepHeadings(expected))
    assert.equal(await steps.evaluate((list) => list.tagName), 'OL')
    // Kubernetes moves one minor line at a time, in order.
    const kubernetes = headings.filter((heading) => /: kubernetes /.test(heading))
    assert.deepEqual(
      kubernetes.map((heading) => heading.replace(/^Step \d+: /, '')),
      ['kubernetes 1.31 → 1.32', 'kubernetes 1.32 → 1.33', 'kubernetes 1.33 → 1.34'],
    )
    // The step that takes Kubernetes to 1.32: its verdict after it, its pairs behind a disclosure.
    const number = (expected.steps ?? []).findIndex((step) => step.to === '1.32') + 1
    const step = page.locator(`#plan-step-${number}`)
    const pairs = (expected.steps ?? [])[number - 1]?.pairs ?? []
    assert.ok(pairs.length > 1)
    assert.equal(
      await step.locator('.step-verdict').textContent(),
      `After this step: ✓Compatible (${pairs.length} pairs with kubernetes 1.32)`,
    )
    const list = page.getByRole('list', { name: `Pairs after step ${number}` })
    assert.equal(await list.isVisible(), false, 'closed until opened')
    await step.getByText(`The stack after step ${number}`).click()
    assert.deepEqual(
      await list.locator(':scope > li > h4').allTextContents(),
      pairs.map(
        (pair) =>
          `${pair.project} ${pair.version} → ${pair.dependency} ${pair.dependencyVersion}: ✓Compatible`,
      ),
    )
    assert.ok((await list.getByRole('link').count()) >= pairs.length, 'each pair’s sources')
    assert.equal(
      await page.locator('#plan-status').textContent(),
      `Plan: possible. ${expected.reason}`,
    )
    await page.waitForURL(`${origin}${PATH_URL}`)

    // Back: the stack alone again, no plan.
    await page.goBack()
    await page.waitForURL(`${origin}${STACK}`)
    await steps.waitFor({ state: 'detached' })
    assert.equal(await page.getByLabel('One step at a time').isChecked(), false)

    // Forward, then a reload: the server sends the plan in the page, and the script keeps it.
    await page.goForward()
    await steps.waitFor()
    const asked: string[] = []
    page.on('request', (request) => {
      if (request.url().includes('/api/v1/plan')) asked.push(request.url())
    })
    await page.reload()
    assert.deepEqual(await steps.locator(':scope > li > h4').allTextContents(), headings)
    assert.equal(await page.getByLabel('One step at a time').isChecked(), true)
    assert.equal(await page.getByLabel('Upgrade', { exact: true }).inputValue(), 'kubernetes')
    // The script is running (it adds rows) and asked for no plan again.
    await page.getByRole('button', { name: 'Add a component' }).click()
    await page.locator('#component-name-6').waitFor()
    assert.deepEqual(asked, [])
    await page.close()
  })

  test('a shared link reads without JavaScript: the rows, the form, the stack’s verdict and the path', async () => {
    const plain = await session.browser.newContext({ javaScriptEnabled: false })
    try {
      const page = await plain.newPage()
      await page.goto(`${origin}${PATH_URL}`)
      await page.getByRole('heading', { name: /^Your stack: /, level: 2 }).waitFor()
      await page
        .getByRole('heading', {
          name: 'Upgrade kubernetes to 1.34, one step at a time: Possible',
          level: 3,
        })
        .waitFor()
      const expected = await plan({
        components: COMPONENTS,
        target: { kubernetes: '1.34' },
        path: true,
      })
      const steps = page.getByRole('list', { name: /^The path, step by step/ })
      assert.deepEqual(
        await steps.locator(':scope > li > h4').allTextContents(),
        stepHeadings(expected),
      )
      assert.equal(await page.getByLabel('Name').first().inputValue(), 'kubernetes')
      assert.equal(await page.getByLabel('One step at a time').isChecked(), true)
      // A step's pairs open without a script: <details>.
      await page.locator('#plan-step-1 summary').click()
      await page.getByRole('list', { name: 'Pairs after step 1' }).waitFor()
    } finally {
      await plain.close()
    }
  })

  test('supported on a day, no target: the moves; the form says what it needs in words', async () => {
    const page = await open(ON_A_DAY)
    await page
      .getByRole('list', { name: 'Result per pair' })
      .or(page.getByText('No component documents another'))
      .first()
      .waitFor()
    // The plan form's own alert, beside it (the stack form has its own).
    const alert = page.locator('.plan-form').getByRole('alert')
    // Nothing asked: the form says so, naming both ways.
    await page.getByRole('button', { name: 'Plan upgrade' }).click()
    await alert
      .getByText(
        'Give the component to upgrade and its new version, or a day every component must be supported on under “Supported on”, or both.',
      )
      .waitFor()
    // Half a target.
    await page.getByLabel('Upgrade', { exact: true }).fill('argo-cd')
    await page.getByRole('button', { name: 'Plan upgrade' }).click()
    await alert.getByText('Give the version to upgrade “argo-cd” to.').waitFor()
    await page.getByLabel('Upgrade', { exact: true }).fill('')
    await page.getByLabel('Supported on').fill('2027-06-30')
    await page.getByRole('button', { name: 'Plan upgrade' }).click()
    const expected = await plan({
      components: { 'cert-manager': '1.15', 'cloudnative-pg': '1.24', 'argo-cd': '2.14' },
      supportedOn: '2027-06-30',
    })
    assert.equal(expected.feasible, true)
    await page
      .getByRole('heading', { name: 'Supported on 2027-06-30: Possible', level: 3 })
      .waitFor()
    assert.equal(await alert.textContent(), '')
    assert.deepEqual(
      await page.getByRole('list', { name: 'Moves' }).locator(':scope > li > h4').allTextContents(),
      expected.changes.map((change) => `${change.component}: ${change.from} → ${change.to}`),
    )
    // Where it lands: every component of the result with its support on that day.
    const landed = page.getByRole('list', { name: 'Components after the plan' })
    assert.equal(await landed.locator(':scope > li').count(), Object.keys(expected.result).length)
    for (const standing of expected.support.filter((item) => item.line !== null)) {
      await landed.getByText(`(release line ${standing.line}`, { exact: false }).first().waitFor()
    }
    await page.waitForURL(`${origin}${ON_A_DAY}&supported-on=2027-06-30`)
    await page.close()
  })

  test('what blocks a path: the upgrade rule, the day', async () => {
    const page = await open(
      '/stack?kubernetes=1.33&cert-manager=1.17&upgrade=kubernetes&to=1.31&path=1',
    )
    const ruled = await plan({
      components: { kubernetes: '1.33', 'cert-manager': '1.17' },
      target: { kubernetes: '1.31' },
      path: true,
    })
    const rule = ruled.blocking?.find((entry) => entry.component === 'kubernetes')?.rule
    assert.ok(rule)
    await page
      .getByRole('heading', {
        name: 'Upgrade kubernetes to 1.31, one step at a time: Not possible',
      })
      .waitFor()
    await page.getByRole('heading', { name: 'What blocks it', level: 3 }).waitFor()
    await page.getByText(`Upgrade rule: ${rule}`).waitFor()

    await page.goto(`${origin}${PATH_URL}&supported-on=2027-06-30`)
    const dated = await plan({
      components: COMPONENTS,
      target: { kubernetes: '1.34' },
      path: true,
      supportedOn: '2027-06-30',
    })
    assert.equal(dated.feasible, false)
    for (const entry of dated.blocking ?? []) {
      if (entry.support !== undefined) await page.getByText(`Support: ${entry.support}`).waitFor()
    }
    assert.equal(await page.getByLabel('Supported on').inputValue(), '2027-06-30')
    await page.close()
  })

  test('no page logged a console error', () => {
    assert.deepEqual(errors, [])
  })
})
