/**
 * A stack from a file on the stack page, in real Chromium on the bundled data (docs/web.md,
 * "The stack page"): a pasted `helm list` posted by the form and sent back by the server, a
 * pasted CycloneDX SBOM asked of the API without leaving the page, a file chosen or dropped,
 * files that cannot be read, and the same form without JavaScript. What the page shows is
 * compared with what the API answers.
 */
import assert from 'node:assert/strict'
import { readFileSync } from 'node:fs'
import { after, before, describe, test } from 'node:test'
import type { Page } from 'playwright-core'
import { openWebSession, type WebSession } from '../support/web-session.ts'

const fixture = (path: string) =>
  readFileSync(new URL(`../fixtures/stack-files/${path}`, import.meta.url), 'utf8')

const HELM_LIST = fixture('helm-list/helm-list-all-namespaces.json')
const CYCLONEDX = fixture('cyclonedx-1.6/node-python-image.cdx.json')

interface StackAnswer {
  readonly compatible: string
  readonly reason: string
}

describe('a stack from a file in Chromium', { timeout: 180_000 }, () => {
  let session: WebSession
  let origin: string

  before(async () => {
    session = await openWebSession()
    origin = session.origin
  })

  after(() => session?.close())

  /** A page of its own, with what it logs as errors. */
  async function open(javaScriptEnabled = true): Promise<{ page: Page; errors: string[] }> {
    const context = await session.browser.newContext({ javaScriptEnabled })
    const page = await context.newPage()
    const errors: string[] = []
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text())
    })
    page.on('pageerror', (error) => errors.push(`uncaught: ${error.message}`))
    await page.goto(`${origin}/stack`)
    await page.getByRole('heading', { name: 'Stack from a file', level: 2 }).waitFor()
    return { page, errors }
  }

  /** The verdict as the API words it for this stack, as the page's heading says it. */
  async function verdictOf(components: Record<string, string>): Promise<StackAnswer> {
    const response = await fetch(`${origin}/api/v1/stack`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ components }),
    })
    assert.equal(response.status, 200)
    return (await response.json()) as StackAnswer
  }
  const heading = (verdict: string) => `Your stack: ${verdict[0]?.toUpperCase()}${verdict.slice(1)}`

  async function rows(page: Page): Promise<[string, string][]> {
    const names = await page.getByLabel('Name', { exact: true }).all()
    const versions = await page.getByLabel('Version', { exact: true }).all()
    return Promise.all(
      names.map(
        async (name, index) =>
          [await name.inputValue(), (await versions[index]?.inputValue()) ?? ''] as [
            string,
            string,
          ],
      ),
    )
  }

  async function listed(page: Page, list: string): Promise<string[]> {
    return page.getByRole('list', { name: list }).locator(':scope > li').allTextContents()
  }

  test('a pasted helm list: the form posts it; the rows, the address, the verdict, what matched and what did not', async () => {
    const { page, errors } = await open()
    await page.getByLabel('File contents').fill(HELM_LIST)
    await page.getByRole('button', { name: 'Read file and check' }).click()
    await page.getByRole('heading', { name: 'From your file', level: 2 }).waitFor()
    const stack = { 'cert-manager': 'v1.15.3', 'ingress-nginx': '1.11.2' }
    assert.deepEqual(await rows(page), Object.entries(stack))
    // The script puts the stack in the address, so a reload or a shared link checks it again.
    await page.waitForURL(`${origin}/stack?cert-manager=v1.15.3&ingress-nginx=1.11.2`)
    const expected = await verdictOf(stack)
    await page.getByRole('heading', { name: heading(expected.compatible), level: 2 }).waitFor()
    await page.getByText(expected.reason, { exact: true }).waitFor()
    assert.deepEqual(await listed(page, 'Matched components'), [
      'cert-manager → cert-manager v1.15.3 (by package URL, at /0)',
      'ingress-nginx → ingress-nginx 1.11.2 (by name, at /1)',
    ])
    assert.deepEqual(await listed(page, 'Components not in the stack'), [
      'kube-prometheus-stack 65.1.0: no catalogued project has this name (at /2)',
      'shop-web 0.1.0-rc.1: no catalogued project has this name (at /4)',
    ])
    assert.deepEqual(await listed(page, 'Found at several versions'), [
      'ingress-nginx: kept 4.11.2 (the highest version); also 4.10.1 at /3',
    ])
    assert.equal(await page.getByLabel('File contents').inputValue(), HELM_LIST)
    // The rows work as typed ones: Check stack asks the API for the same stack.
    await page.getByRole('button', { name: 'Check stack' }).click()
    await page.getByRole('heading', { name: heading(expected.compatible), level: 2 }).waitFor()
    await page.getByRole('heading', { name: 'From your file', level: 2 }).waitFor()
    assert.deepEqual(errors, [])
    await page.context().close()
  })

  test('a pasted CycloneDX SBOM: asked of the API without leaving the page; the rows, the address, the unmatched with the nearest names', async () => {
    const { page, errors } = await open()
    const posted: string[] = []
    page.on('request', (request) => {
      if (request.method() === 'POST') {
        posted.push(`${new URL(request.url()).pathname} ${request.headers()['content-type']}`)
      }
    })
    // A mark on the document: still there after the answer, so no page was loaded.
    await page.evaluate("document.body.dataset.mark = 'kept'")
    await page.getByLabel('File contents').fill(CYCLONEDX)
    await page.getByRole('button', { name: 'Read file and check' }).click()
    await page.getByRole('heading', { name: 'From your file', level: 2 }).waitFor()
    assert.deepEqual(posted, ['/api/v1/stack application/vnd.cyclonedx+json'])
    assert.equal(await page.evaluate('document.body.dataset.mark'), 'kept')
    const stack = { express: '4.21.0', 'redis-py': '5.0.8', nodejs: '20.17.0' }
    assert.deepEqual(await rows(page), Object.entries(stack))
    await page.waitForURL(`${origin}/stack?express=4.21.0&redis-py=5.0.8&nodejs=20.17.0`)
    const expected = await verdictOf(stack)
    await page.getByRole('heading', { name: heading(expected.compatible), level: 2 }).waitFor()
    assert.deepEqual(await listed(page, 'Components not in the stack'), [
      '@example/admin-tools 0.4.2 pkg:npm/%40example/admin-tools@0.4.2: no catalogued project has this package URL (at /components/2)',
      'redis 4.7.0 pkg:npm/redis@4.7.0: no catalogued project has this package URL (at /components/3)Nearest catalogued names: redis-py',
      'registry.example.org/shop/web: the root: the software the file describes, not a component of the stack it runs on (at /metadata/component)',
    ])
    assert.equal(
      await page
        .getByRole('list', { name: 'Components not in the stack' })
        .getByRole('link', { name: 'redis-py' })
        .getAttribute('href'),
      '/projects/redis-py',
    )
    const status = (await page.locator('#stack-status').textContent()) ?? ''
    assert.ok(
      status.startsWith(
        'Read as CycloneDX JSON: 5 components found: 3 matched catalogued projects, 2 matched none; 1 more entry left out; 1 name found at several versions.',
      ),
      status,
    )
    // Back: the page before the file, its result gone.
    await page.goBack()
    await page.waitForURL(`${origin}/stack`)
    assert.equal(await page.locator('#file-result').textContent(), '')
    assert.deepEqual(errors, [])
    await page.context().close()
  })

  test('a file chosen with the picker, and one dropped on the form, are read and checked at once', async () => {
    const { page, errors } = await open()
    await page.getByLabel('Or choose a file (or the files of one deployment)').setInputFiles({
      name: 'eks.json',
      mimeType: 'application/json',
      buffer: Buffer.from(fixture('kubectl-version/eks.json')),
    })
    await page.getByRole('heading', { name: 'From your file', level: 2 }).waitFor()
    assert.deepEqual(await rows(page), [['kubernetes', 'v1.30.4-eks-a0f0ba7']])
    await page.getByText('Read as kubectl version -o json').waitFor()

    const text = fixture('helm-list/helm-list.json')
    // A string to evaluate: the tests are typed without the DOM's types.
    const transfer = await page.evaluateHandle(
      `(() => { const data = new DataTransfer(); data.items.add(new File([${JSON.stringify(text)}], 'helm-list.json', { type: 'application/json' })); return data })()`,
    )
    const form = page.locator('form.stack-file-form')
    await form.dispatchEvent('dragover', { dataTransfer: transfer })
    assert.match((await form.getAttribute('class')) ?? '', /\bdropping\b/)
    await form.dispatchEvent('drop', { dataTransfer: transfer })
    await page.waitForURL(`${origin}/stack?cert-manager=v1.15.3`)
    assert.deepEqual(await rows(page), [['cert-manager', 'v1.15.3']])
    assert.equal(await page.getByLabel('File contents').inputValue(), text)
    assert.deepEqual(errors, [])
    await page.context().close()
  })

  test('the files of one deployment chosen together: a box each, one stack, what each file made', async () => {
    const { page, errors } = await open()
    await page.getByLabel('Or choose a file (or the files of one deployment)').setInputFiles([
      {
        name: 'releases.json',
        mimeType: 'application/json',
        buffer: Buffer.from(fixture('helm-list/helm-list-all-namespaces.json')),
      },
      {
        name: 'eks.json',
        mimeType: 'application/json',
        buffer: Buffer.from(fixture('kubectl-version/eks.json')),
      },
    ])
    await page.getByRole('heading', { name: 'From your files', level: 2 }).waitFor()
    assert.deepEqual(await rows(page), [
      ['cert-manager', 'v1.15.3'],
      ['ingress-nginx', '1.11.2'],
      ['kubernetes', 'v1.30.4-eks-a0f0ba7'],
    ])
    await page.getByRole('heading', { name: 'File 2', level: 3 }).waitFor()
    await page.getByText('Read as kubectl version -o json').waitFor()
    assert.equal(
      await page.getByLabel('File 2 contents').inputValue(),
      fixture('kubectl-version/eks.json'),
    )
    assert.deepEqual(errors, [])
    await page.context().close()
  })

  test('files that cannot be read: each fault where it is, the text kept in the box', async () => {
    const { page, errors } = await open()
    // An SBOM of a version the server does not read: the API's 400, shown on the page.
    const old = '{"bomFormat":"CycloneDX","specVersion":"1.2","components":[]}'
    await page.getByLabel('File contents').fill(old)
    await page.getByRole('button', { name: 'Read file and check' }).click()
    await page.getByRole('heading', { name: 'Your file could not be read', level: 2 }).waitFor()
    assert.deepEqual(await listed(page, 'What could not be read'), [
      '/specVersion CycloneDX 1.2 is not read: this reader knows 1.4, 1.5, 1.6',
    ])
    assert.equal(await page.getByLabel('File contents').inputValue(), old)
    // Text in no format: the form posts it, the server answers 400 with the page.
    await page.getByLabel('File contents').fill('hello world')
    await page.getByRole('button', { name: 'Read file and check' }).click()
    await page.waitForURL(`${origin}/stack#file-result`)
    await page.getByRole('heading', { name: 'Your file could not be read', level: 2 }).waitFor()
    const [fault] = await listed(page, 'What could not be read')
    assert.match(fault ?? '', /^The file is not a stack file compat reads/)
    assert.equal(await page.getByLabel('File contents').inputValue(), 'hello world')
    // Chromium logs each answer's own 400 as a console error; nothing else may be.
    assert.deepEqual(
      errors.filter((error) => !error.includes('status of 400')),
      [],
    )
    await page.context().close()
  })

  test('without JavaScript the form works the same: the stack in the rows, its address, the verdict, the unmatched', async () => {
    const { page, errors } = await open(false)
    await page.getByLabel('File contents').fill(CYCLONEDX)
    await page.getByRole('button', { name: 'Read file and check' }).click()
    await page.waitForURL(`${origin}/stack#file-result`)
    await page.getByRole('heading', { name: 'From your file', level: 2 }).waitFor()
    const stack = { express: '4.21.0', 'redis-py': '5.0.8', nodejs: '20.17.0' }
    assert.deepEqual(await rows(page), Object.entries(stack))
    const expected = await verdictOf(stack)
    await page.getByRole('heading', { name: heading(expected.compatible), level: 2 }).waitFor()
    assert.equal(
      await page.getByRole('link', { name: 'a link to this stack' }).getAttribute('href'),
      '/stack?express=4.21.0&redis-py=5.0.8&nodejs=20.17.0',
    )
    assert.equal((await listed(page, 'Components not in the stack')).length, 3)
    assert.equal(await page.getByLabel('File contents').inputValue(), CYCLONEDX)
    // No picker without a script: it could not read the file.
    assert.equal(
      await page.getByLabel('Or choose a file (or the files of one deployment)').count(),
      0,
    )
    assert.deepEqual(errors, [])
    await page.context().close()
  })
})
