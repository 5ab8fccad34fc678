/**
 * The site's pages over plain HTTP (docs/web.md, "Rendering"): complete without script, the
 * same markup the script would build from the API's answers, cached with ETag, answered by
 * the front door once rendered; the sitemap and robots.txt; the stack page's file form.
 */
import assert from 'node:assert/strict'
import { execFileSync } from 'node:child_process'
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { after, before, describe, test } from 'node:test'
import { brotliDecompressSync } from 'node:zlib'
import type { FastifyInstance } from 'fastify'
import { buildFixtureApp } from '../../../test/support/fixture-app.ts'
import { DEMO_PROJECT, writeDataDir } from '../../../test/support/fixture-data.ts'
import { tempDir } from '../../../test/support/temp-dir.ts'
import { planBody, stackBody } from '../../api/combination-body.ts'
import type {
  DependencyIndex,
  DependencyView,
  LifecycleResult,
  PlanResult,
  ProjectDocument,
  ProjectIndexEntry,
  StackAnswer,
} from '../../api/response-schemas.ts'
import { loadDataset } from '../../data/load-dataset.ts'
import { dependenciesPageMain } from '../../site/dependencies-page-markup.ts'
import { dependencyPageMain } from '../../site/dependency-page-markup.ts'
import { homePageMain } from '../../site/home-page-markup.ts'
import type { MarkupElement } from '../../site/markup.ts'
import { EMPTY_PLAN, type PlanFields, planRequestOf, stackQuery } from '../../site/plan-query.ts'
import { toProject } from '../../site/project-model.ts'
import { projectPageMain } from '../../site/project-page-markup.ts'
import { escapeText, renderHtml } from '../../site/render-html.ts'
import { stackNames, stackPageMain } from '../../site/stack-page-markup.ts'
import { DatasetHolder } from '../dataset-holder.ts'
import { FileReaderPool } from '../file-reader-pool.ts'

const SITEMAP_XSD = join(import.meta.dirname, '../../../node_modules/sitemap/schema/sitemap.xsd')

let app: FastifyInstance
let projects: ProjectIndexEntry[]

const get = async (url: string, headers: Record<string, string> = {}) =>
  app.inject({ method: 'GET', url, headers })
const api = async <T>(url: string): Promise<T> => (await get(url)).json() as T

/** What the server put inside `<main>`, and the main element's page kind. */
function mainOf(html: string): { kind: string | null; inner: string } {
  const match = /<main id="main" tabindex="-1"(?: data-page="([^"]+)")?>([\s\S]*)<\/main>/.exec(
    html,
  )
  assert.ok(match, 'the page has its main element')
  return { kind: match[1] ?? null, inner: match[2] ?? '' }
}

const asHtml = (main: readonly MarkupElement[]) => renderHtml(main)

// The server's today, pinned: the fixture entry verified 2026-01-15 is stale by then (over
// 365 days), the rest are not, so the pages' stale marks are compared too.
const TODAY = '2027-02-01'

before(async () => {
  app = await buildFixtureApp({ clock: () => new Date(`${TODAY}T12:00:00Z`) })
  projects = (await api<{ projects: ProjectIndexEntry[] }>('/api/v1/projects')).projects
})
after(() => app.close())

describe('every page is the markup the script would build from the API', () => {
  test('home', async () => {
    const page = mainOf((await get('/')).body)
    assert.equal(page.kind, 'home')
    assert.equal(page.inner, asHtml(homePageMain(projects, TODAY)))
  })

  test('each project page, by id and by alias', async () => {
    for (const entry of projects) {
      const document = await api<ProjectDocument>(`/api/v1/projects/${entry.id}`)
      // The support windows as the API answers them on the page's day, as the script asks.
      const lifecycle =
        document.lifecycle === undefined
          ? null
          : await api<LifecycleResult>(`/api/v1/projects/${entry.id}/lifecycle?date=${TODAY}`)
      const project = toProject(document, entry.versions, projects)
      const expected = asHtml(projectPageMain(project, TODAY, lifecycle))
      for (const name of [entry.id, ...(entry.aliases ?? [])]) {
        const response = await get(`/projects/${name}`)
        assert.equal(response.statusCode, 200, name)
        const page = mainOf(response.body)
        assert.equal(page.kind, 'project')
        assert.equal(page.inner, expected, name)
      }
    }
  })

  test('the stack page, its forms as they first show', async () => {
    const index = await api<DependencyIndex>('/api/v1/dependencies')
    const page = mainOf((await get('/stack')).body)
    assert.equal(page.kind, 'stack')
    assert.equal(page.inner, asHtml(stackPageMain(stackNames(projects, index))))
    assert.match(page.inner, /<option value="dbo">/)
  })

  test('the dependency index and each dependency page', async () => {
    const index = await api<DependencyIndex>('/api/v1/dependencies')
    assert.equal(
      mainOf((await get('/dependencies')).body).inner,
      asHtml(dependenciesPageMain(index)),
    )
    for (const { dependency } of index.dependencies) {
      const view = await api<DependencyView>(`/api/v1/dependencies/${dependency}`)
      const page = mainOf((await get(`/dependencies/${dependency}`)).body)
      assert.equal(page.kind, 'dependency')
      assert.equal(page.inner, asHtml(dependencyPageMain(view, dependency, TODAY)), dependency)
    }
  })

  test('a dependency page judged for a version: the markup the script builds from the API’s view for it, the answer first', async () => {
    for (const [dependency, version] of [
      ['pgdb', '17'],
      ['platform', '1.34.2'],
      ['postgresql', '9.1'],
    ] as const) {
      const view = await api<DependencyView>(
        `/api/v1/dependencies/${dependency}?version=${version}`,
      )
      const response = await get(`/dependencies/${dependency}?version=${version}`)
      assert.equal(response.statusCode, 200)
      const page = mainOf(response.body)
      assert.equal(page.inner, asHtml(dependencyPageMain(view, dependency, TODAY)), dependency)
      assert.match(page.inner, /<div id="dependency-answer"><section class="dependency-answer"/)
      assert.ok(
        page.inner.indexOf('id="dependency-answer"') <
          page.inner.indexOf('class="dependency-results"'),
      )
      assert.match(
        response.body,
        new RegExp(
          `<title>What works with ${dependency} ${version.replaceAll('.', '\\.')} · compat</title>`,
        ),
      )
    }
  })
})

describe('pages read without script', () => {
  test('a project page holds its matrix and evidence with sources and dates', async () => {
    const document = await api<ProjectDocument>('/api/v1/projects/db-operator')
    const html = (await get('/projects/db-operator')).body
    assert.match(html, /<title>DB Operator compatibility · compat<\/title>/)
    assert.match(
      html,
      /<meta name="description" content="Which versions of its dependencies each DB Operator release/,
    )
    assert.match(html, /<link rel="canonical" href="\/projects\/db-operator">/)
    assert.match(html, /<meta property="og:title" content="DB Operator compatibility · compat">/)
    assert.match(
      html,
      /<script type="application\/ld\+json">\{"@context":"https:\/\/schema.org","@type":"Dataset"/,
    )
    for (const [version, { dependencies }] of Object.entries(document.versions)) {
      assert.ok(html.includes(`<span class="version">${version}</span>`), version)
      for (const [key, entry] of Object.entries(dependencies)) {
        assert.ok(html.includes(`id="evidence/${version}/${key}"`), `${version} ${key}`)
        for (const source of entry.sources) {
          assert.ok(
            html.includes(
              `>${source.title}</a><span class="muted"> (accessed ${source.accessedAt})`,
            ),
          )
        }
      }
    }
  })

  test('project and dependency pages carry their support charts as inline SVG with a text version', async () => {
    const project = (await get('/projects/db-operator')).body
    assert.match(project, /<h2 id="charts-heading">Documented versions at a glance<\/h2>/)
    assert.match(project, /<figure class="support-chart"[^>]*>[\s\S]*?<svg [^>]*role="img"/)
    assert.match(project, /<summary>Chart as text<span class="visually-hidden">: platform /)
    const dependency = (await get('/dependencies/pgdb')).body
    assert.match(dependency, /<figure class="support-chart"[^>]*>[\s\S]*?<svg [^>]*role="img"/)
    assert.doesNotMatch(project + dependency, /<script(?! type="(module|application\/ld\+json)")/)
  })

  test('a project with support windows carries its timeline as inline SVG with a text version; one without has none', async () => {
    const page = (await get('/projects/platform')).body
    assert.match(page, /<h2 id="lifecycle-heading">Support windows<\/h2>/)
    assert.match(
      page,
      /<figure class="support-chart support-timeline" id="support-timeline">[\s\S]*?<svg [^>]*role="img" aria-labelledby="support-timeline_title support-timeline_desc"/,
    )
    // On the pinned day, 2027-02-01: 1.35 gets security fixes only, the others have ended.
    const rows: [string, string, string][] = [
      ['1.35', 'security-only', 'security fixes until 2027-02-28'],
      ['1.34', 'end-of-life', 'end of life since 2026-10-27'],
      ['1.20', 'end-of-life', 'ended (date not published)'],
    ]
    for (const [line, status, words] of rows) {
      assert.match(
        page,
        new RegExp(
          `<g class="row" data-line="${line}" data-status="${status}">[\\s\\S]*? · ${words.replace(/[()]/g, '\\$&')}</tspan>`,
        ),
        line,
      )
    }
    assert.match(page, /<g class="today" data-day="2027-02-01">/)
    assert.match(
      page,
      /<summary>Chart as text<span class="visually-hidden">: Platform release lines/,
    )
    assert.match(page, />Platform support policy<\/a>/)
    assert.doesNotMatch((await get('/projects/webapp')).body, /lifecycle-heading|support-timeline/)
  })

  test('a dependency page marks each entry with its release line’s status and offers the support filter only where one is known', async () => {
    const etcd = (await get('/dependencies/etcd')).body
    assert.match(
      etcd,
      /<input id="only-supported" type="checkbox" aria-describedby="only-supported-hint">/,
    )
    assert.match(etcd, /<li class="use-item" data-status="end-of-life">/)
    assert.match(
      etcd,
      /<span class="badge support-end-of-life"><span class="visually-hidden">support: <\/span>end of life<\/span>/,
    )
    assert.match(
      etcd,
      /<p class="supported-note" id="supported-note" data-date="[^"]+">Showing 0 entries whose release line is supported on 2027-02-01; 2 entries hidden/,
    )
    const pgdb = (await get('/dependencies/pgdb')).body
    assert.match(pgdb, /<li class="use-item" data-status="unknown">/)
    assert.doesNotMatch(pgdb, /only-supported|supported-note|badge support-/)
  })

  test("an alias's page names the project's own address as canonical", async () => {
    assert.match(
      (await get('/projects/dbo')).body,
      /<link rel="canonical" href="\/projects\/db-operator">/,
    )
  })

  // Columns: path, what the page must say.
  const PAGES: [string, RegExp][] = [
    ['/', /<h2><a href="\/projects\/db-operator">DB Operator<\/a><\/h2>/],
    ['/dependencies', /<a href="\/dependencies\/postgresql">postgresql<\/a>/],
    ['/dependencies/postgresql', /<h1>Who documents postgresql<\/h1>/],
    ['/stack', /<h1 id="stack-heading">Check a stack<\/h1>/],
  ]
  for (const [path, content] of PAGES) {
    test(`${path} answers 200 with its content`, async () => {
      const response = await get(path)
      assert.equal(response.statusCode, 200)
      assert.equal(response.headers['content-type'], 'text/html; charset=utf-8')
      assert.equal(response.headers['cache-control'], 'no-cache')
      assert.match(String(response.headers['content-security-policy']), /default-src 'self'/)
      assert.match(response.body, content)
    })
  }
})

describe('data is text, never markup', () => {
  const HOSTILE = '</script><script>alert(1)</script><!-- ]]> "quoted" & \'single\''
  test('a project whose every text field is hostile renders it escaped, JSON-LD included', async () => {
    const dir = await writeDataDir({
      'evil.yaml': DEMO_PROJECT.replace('id: demo', 'id: evil')
        .replace('name: Demo', `name: ${JSON.stringify(HOSTILE)}`)
        .replace(
          'categories: [test]',
          `description: ${JSON.stringify(HOSTILE)}\ncategories: [test]`,
        )
        .replace('notes: ["Tested on CI."]', `notes: [${JSON.stringify(HOSTILE)}]`)
        .replace('title: Demo installation guide', `title: ${JSON.stringify(HOSTILE)}`),
    })
    try {
      const loaded = await loadDataset(dir.dir)
      assert.ok(loaded.ok, JSON.stringify(loaded))
      const holder = new DatasetHolder()
      holder.replace(loaded.loaded)
      const hostile = await buildFixtureApp({ holder })
      try {
        for (const url of ['/projects/evil', '/', '/dependencies/python', '/sitemap.xml']) {
          const body = (await hostile.inject({ url, headers: { host: 'compat.test' } })).body
          assert.doesNotMatch(body, /<script>alert|<!-- \]\]>/, url)
        }
        const page = (await hostile.inject('/projects/evil')).body
        assert.ok(
          page.includes(
            '&lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt;&lt;!-- ]]&gt; &quot;quoted&quot; &amp;',
          ),
        )
        const jsonLd = /<script type="application\/ld\+json">(.*?)<\/script>/.exec(page)?.[1] ?? ''
        assert.equal((JSON.parse(jsonLd) as { name: string }).name, `${HOSTILE} compatibility`)
      } finally {
        await hostile.close()
      }
    } finally {
      await dir.remove()
    }
  })
})

describe('not found', () => {
  // Columns: path, heading, a phrase of the page.
  const CASES: [string, string, RegExp][] = [
    [
      '/projects/nope',
      'Project not found',
      /There is no project with the id “<span class="version">nope<\/span>”/,
    ],
    [
      '/dependencies/postgresq',
      'Dependency not found',
      /Did you mean <a href="\/dependencies\/postgresql">postgresql<\/a>/,
    ],
  ]
  for (const [path, heading, phrase] of CASES) {
    test(path, async () => {
      const response = await get(path)
      assert.equal(response.statusCode, 404)
      assert.equal(response.headers['cache-control'], 'no-store')
      assert.equal(response.headers.etag, undefined)
      assert.match(response.body, new RegExp(`<h1>${heading}</h1>`))
      assert.match(response.body, phrase)
      assert.match(response.body, /<meta name="robots" content="noindex">/)
      assert.doesNotMatch(response.body, /rel="canonical"/)
    })
  }
})

describe('caching', () => {
  test('a page has an ETag and answers 304 to it, query or not', async () => {
    const first = await get('/projects/webapp')
    const etag = String(first.headers.etag)
    assert.match(etag, /^W\/"[\w-]{27}"$/)
    assert.equal(
      (await get('/projects/webapp?version=2.0', { 'if-none-match': etag })).statusCode,
      304,
    )
    const compressed = await get('/projects/webapp', { 'accept-encoding': 'br' })
    assert.equal(compressed.headers['content-encoding'], 'br')
    assert.equal(compressed.headers.etag, etag)
  })

  test('the front door sends a rendered page exactly as Fastify did', async () => {
    const listening = await buildFixtureApp()
    try {
      const base = await listening.listen({ port: 0, host: '127.0.0.1' })
      const first = await fetch(`${base}/projects/pgdb`)
      const again = await fetch(`${base}/projects/pgdb`)
      assert.equal(again.status, first.status)
      assert.equal(await again.text(), await first.text())
      for (const name of [
        'etag',
        'content-type',
        'cache-control',
        'content-security-policy',
        'vary',
      ]) {
        assert.equal(again.headers.get(name), first.headers.get(name), name)
      }
      const metrics = await (await fetch(`${base}/metrics`)).text()
      assert.match(metrics, /route="\/projects\/:project"[^\n]*\} 2/)
    } finally {
      await listening.close()
    }
  })

  test('one page is rendered once however its URL is written; the front door sends it with any query', async () => {
    const listening = await buildFixtureApp()
    const reachedFastify: string[] = []
    listening.addHook('onRequest', async (request) => {
      reachedFastify.push(request.url)
    })
    try {
      const base = await listening.listen({ port: 0, host: '127.0.0.1' })
      const first = await fetch(`${base}/projects/db-operator`)
      // An alias, percent-encoding, a query: the same page, from the front door.
      for (const path of [
        '/projects/dbo',
        '/projects/db%2Doperator',
        '/projects/%64bo?version=1.28',
      ]) {
        const again = await fetch(`${base}${path}`)
        assert.equal(again.headers.get('etag'), first.headers.get('etag'), path)
      }
      for (const path of ['/', '/dependencies', '/stack']) await fetch(`${base}${path}`)
      for (const path of ['/?q=kube', '/dependencies?q=pg', '/stack?upgrade=platform']) {
        assert.equal((await fetch(`${base}${path}`)).status, 200, path)
      }
      // (A stack in the stack page's query is a page of its own: see its tests below.)
      assert.deepEqual(reachedFastify, ['/projects/db-operator', '/', '/dependencies', '/stack'])
    } finally {
      await listening.close()
    }
  })

  test('robots.txt needs no dataset', async () => {
    const empty = await buildFixtureApp({ holder: new DatasetHolder() })
    try {
      const response = await empty.inject({ url: '/robots.txt', headers: { host: 'compat.test' } })
      assert.equal(response.statusCode, 200)
      assert.match(response.body, /^Allow: \/api\/v1\/openapi\.json$/m)
    } finally {
      await empty.close()
    }
  })

  test('with no dataset the shell loads the page from the API, uncached', async () => {
    const empty = await buildFixtureApp({ holder: new DatasetHolder() })
    try {
      const response = await empty.inject({ url: '/projects/webapp' })
      assert.equal(response.statusCode, 200)
      assert.equal(response.headers['cache-control'], 'no-store')
      assert.match(response.body, /<p class="loading">Loading…<\/p>/)
    } finally {
      await empty.close()
    }
  })
})

describe('for search engines', () => {
  test('the sitemap lists every page and is valid by the sitemap schema', async () => {
    const response = await get('/sitemap.xml', { host: 'compat.test:8080' })
    assert.equal(response.statusCode, 200)
    assert.equal(response.headers['content-type'], 'application/xml; charset=utf-8')
    const index = await api<DependencyIndex>('/api/v1/dependencies')
    const locs = [...response.body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1])
    const expected = [
      '/',
      '/dependencies',
      '/stack',
      ...projects.map((entry) => `/projects/${entry.id}`),
      ...index.dependencies.map((row) => `/dependencies/${row.dependency}`),
    ].map((path) => `http://compat.test:8080${path}`)
    assert.deepEqual(locs, expected)
    assert.match(
      response.body,
      /<loc>http:\/\/compat.test:8080\/projects\/db-operator<\/loc><lastmod>2026-10-01<\/lastmod>/,
    )
    const dir = await tempDir('compat-sitemap-')
    const file = join(dir, 'sitemap.xml')
    writeFileSync(file, response.body)
    // xmllint exits non-zero, with the faults on stderr, when the file breaks the schema.
    execFileSync('xmllint', ['--noout', '--schema', SITEMAP_XSD, file], { stdio: 'pipe' })
  })

  test('robots.txt names the sitemap and keeps crawlers off API answers', async () => {
    const body = (await get('/robots.txt', { host: 'compat.test' })).body
    assert.match(body, /^Sitemap: http:\/\/compat\.test\/sitemap\.xml$/m)
    assert.match(body, /^Disallow: \/api\/$/m)
  })

  test('a Host header that is no host name gets no listing', async () => {
    const response = await get('/sitemap.xml', { host: 'evil"><x' })
    assert.equal(response.statusCode, 400)
  })

  test('COMPAT_PUBLIC_URL makes canonical links, og:url and the sitemap absolute', async () => {
    const publicApp = await buildFixtureApp({ publicUrl: 'https://compat.example.org/' })
    try {
      const html = (await publicApp.inject({ url: '/projects/dbo' })).body
      assert.match(
        html,
        /<link rel="canonical" href="https:\/\/compat\.example\.org\/projects\/db-operator">/,
      )
      assert.match(
        html,
        /<meta property="og:url" content="https:\/\/compat\.example\.org\/projects\/db-operator">/,
      )
      const sitemap = (
        await publicApp.inject({ url: '/sitemap.xml', headers: { host: 'other.test' } })
      ).body
      assert.match(sitemap, /<loc>https:\/\/compat\.example\.org\/<\/loc>/)
      assert.doesNotMatch(sitemap, /other\.test/)
    } finally {
      await publicApp.close()
    }
  })
})

describe('the stack page’s file form: POST /stack', () => {
  const HELM_LIST = JSON.stringify([
    release('dbo', 'dbo-1.27.1', '1.27.1'),
    release('pgdb', 'pgdb-15.0.0', '17.2'),
    release('cache', 'redis-19.0.0', '7.2.4'),
    release('dbo-old', 'dbo-1.26.0', '1.26.0', 'failed'),
  ])
  const CYCLONEDX = JSON.stringify({
    bomFormat: 'CycloneDX',
    specVersion: '1.6',
    components: [
      {
        type: 'platform',
        name: 'platform',
        version: '1.33.2',
        purl: 'pkg:generic/platform@1.33.2',
      },
      { type: 'application', name: 'dbo', version: '1.27.1' },
      { type: 'library', name: 'left-pad', version: '1.3.0', purl: 'pkg:npm/left-pad@1.3.0' },
      { type: 'library', name: 'dashbord', version: '2.0' },
    ],
  })

  function release(name: string, chart: string, appVersion: string, status = 'deployed') {
    return { name, namespace: name, revision: '1', status, chart, app_version: appVersion }
  }
  const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString()
  const postForm = (
    body: string,
    headers: Record<string, string> = {},
    to: FastifyInstance = app,
  ) =>
    to.inject({
      method: 'POST',
      url: '/stack',
      headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
      payload: body,
    })
  const postFile = (text: string) => postForm(form({ file: text }))
  /** What the page says inside an element, its tags dropped. */
  const textOf = (html: string) =>
    html
      .replace(/<[^>]+>/g, '')
      .replace(/&(lt|gt|quot|amp);/g, (_, name: string) => ENTITIES[name] as string)
  const ENTITIES: Record<string, string> = { lt: '<', gt: '>', quot: '"', amp: '&' }

  test('a CycloneDX SBOM: the page is the markup the script builds from the API’s answer for it', async () => {
    const answer = await app.inject({
      method: 'POST',
      url: `/api/v1/stack?date=${TODAY}`,
      headers: { 'content-type': 'application/vnd.cyclonedx+json' },
      payload: CYCLONEDX,
    })
    assert.equal(answer.statusCode, 200)
    const derived = answer.json()
    const index = await api<DependencyIndex>('/api/v1/dependencies')
    const response = await postFile(CYCLONEDX)
    assert.equal(response.statusCode, 200)
    assert.equal(response.headers['cache-control'], 'no-store')
    assert.equal(response.headers.etag, undefined)
    const page = mainOf(response.body)
    assert.equal(page.kind, 'stack')
    const view = { text: CYCLONEDX, outcome: { derived } }
    assert.equal(
      page.inner,
      asHtml(stackPageMain(stackNames(projects, index), { view, today: TODAY })),
    )
    assert.match(response.body, /<title>Stack from your file · compat<\/title>/)
  })

  test('a helm list: the stack in the rows and its address, the verdict, what matched and what did not', async () => {
    const response = await postFile(HELM_LIST)
    assert.equal(response.statusCode, 200)
    const html = mainOf(response.body).inner
    // The rows, filled in the file's order, and the address that checks the same stack.
    assert.match(html, /id="component-name-1" type="text" name="name" value="db-operator"/)
    assert.match(html, /id="component-version-1" type="text" name="version" value="1\.27\.1"/)
    assert.match(html, /id="component-name-2" type="text" name="name" value="pgdb"/)
    assert.match(html, /id="component-version-2" type="text" name="version" value="17\.2"/)
    assert.match(
      html,
      /<a href="\/stack\?db-operator=1\.27\.1&amp;pgdb=17\.2" id="derived-stack-link">/,
    )
    // The verdict, as the API answers that stack.
    const stack = await app.inject({
      method: 'POST',
      url: '/api/v1/stack',
      headers: { 'content-type': 'application/json' },
      payload: { components: { 'db-operator': '1.27.1', pgdb: '17.2' } },
    })
    const { compatible, reason } = stack.json() as { compatible: string; reason: string }
    assert.ok(html.includes(`<span class="verdict verdict-${compatible}">`))
    assert.ok(html.includes(`<p class="reason">${reason}</p>`))
    // What came of the file.
    const section = textOf(
      /<div class="file-result" id="file-result">([\s\S]*?)<\/div>/.exec(html)?.[1] ?? '',
    )
    for (const phrase of [
      'From your file',
      'Read as helm list -o json: 3 components found: 2 matched catalogued projects, 1 matched none; 1 name found at several versions.',
      'dbo → db-operator 1.27.1 (by name, at /0)',
      'pgdb → pgdb 17.2 (by name, at /1)',
      'Not in the stack (1)',
      'redis 19.0.0: no catalogued project has this name (at /2)',
      'dbo: kept 1.27.1 (the highest version); also 1.26.0 at /3',
    ]) {
      assert.ok(section.includes(phrase), `${phrase} in ${section}`)
    }
  })

  test('a requirements file: its includes are listed as left out, lines numbered as pasted (CRLF from the form)', async () => {
    const response = await postForm(
      form({ file: '# pins\r\npgdb==17.2\r\n-r base.txt\r\nflask>=2\r\n' }),
    )
    assert.equal(response.statusCode, 200)
    const section = textOf(mainOf(response.body).inner)
    assert.ok(section.includes('Read as pip requirements.txt'), section)
    assert.ok(
      section.includes('includes base.txt, which is not followed here (at line 3)'),
      section,
    )
    assert.ok(section.includes('flask: not pinned: no exact version: >=2 (at line 4)'), section)
  })

  // [what, the form's text, phrases of the page, in order]
  const FAULTS: [string, string, string[]][] = [
    ['JSON that breaks', '{"bomFormat":"CycloneDX",', ['line 1, column 26 is not valid JSON']],
    [
      'a CycloneDX version not read',
      '{"bomFormat":"CycloneDX","specVersion":"1.2","components":[]}',
      ['/specVersion CycloneDX 1.2 is not read'],
    ],
    ['text in no format', 'hello world', ['The file is not a stack file compat reads']],
  ]
  for (const [what, text, phrases] of FAULTS) {
    test(`a file that cannot be read (${what}): 400, each fault where it is, the text kept`, async () => {
      const response = await postFile(text)
      assert.equal(response.statusCode, 400)
      assert.equal(response.headers['content-type'], 'text/html; charset=utf-8')
      const html = mainOf(response.body).inner
      assert.match(html, /<h2 id="file-result-heading">Your file could not be read<\/h2>/)
      for (const phrase of phrases) assert.ok(textOf(html).includes(phrase), phrase)
      assert.ok(html.includes(`>${escapeText(text)}</textarea>`), 'the text is kept')
      assert.doesNotMatch(html, /Your stack: /)
      assert.match(response.body, /<meta name="robots" content="noindex">/)
    })
  }

  // [what, the request, status, the page's words]
  const REFUSALS: [string, () => ReturnType<typeof postForm>, number, string][] = [
    ['an empty box', () => postFile('  \n'), 400, 'The box was empty'],
    ['no file field', () => postForm(form({ other: 'x' })), 400, 'The form could not be read'],
    [
      'more file fields than the form has boxes',
      () => postForm(Array.from({ length: 9 }, () => form({ file: 'a' })).join('&')),
      400,
      'The page reads at most 8 files at once',
    ],
    [
      'a text over 4 MiB once decoded',
      () => postFile('#'.repeat(4 * 1024 * 1024 + 1)),
      413,
      'The file is larger than 4 MiB',
    ],
    [
      'a body over the form’s limit',
      () => postForm(`file=${'%41'.repeat(4 * 1024 * 1024 + 400)}`),
      413,
      'The file is larger than 4 MiB',
    ],
    [
      'a multipart body',
      () => postForm('x', { 'content-type': 'multipart/form-data; boundary=x' }),
      415,
      'The form must be sent as application/x-www-form-urlencoded',
    ],
  ]
  for (const [what, send, status, words] of REFUSALS) {
    test(`${what}: ${status}, a page in the site’s style that says so`, async () => {
      const response = await send()
      assert.equal(response.statusCode, status)
      assert.equal(response.headers['content-type'], 'text/html; charset=utf-8')
      assert.equal(response.headers['cache-control'], 'no-store')
      const html = mainOf(response.body).inner
      assert.match(html, /<h2 id="file-result-heading">Your file was not checked<\/h2>/)
      assert.ok(textOf(html).includes(words), words)
      assert.match(html, /<h1 id="stack-heading">Check a stack<\/h1>/)
    })
  }

  test('a posted page is kept nowhere: the stack page stays as sent, its ETag too', async () => {
    const before = await get('/stack')
    await postFile(HELM_LIST)
    const after = await get('/stack')
    assert.equal(after.headers.etag, before.headers.etag)
    assert.equal(after.body, before.body)
  })

  test('a large answer is compressed as the client accepts', async () => {
    const components = Array.from({ length: 3000 }, (_, index) => ({
      type: 'library',
      name: `left-pad-${index}`,
      version: '1.3.0',
      purl: `pkg:npm/left-pad-${index}@1.3.0`,
    }))
    const sbom = JSON.stringify({ bomFormat: 'CycloneDX', specVersion: '1.6', components })
    const response = await postForm(form({ file: sbom }), { 'accept-encoding': 'br' })
    assert.equal(response.statusCode, 200)
    assert.equal(response.headers['content-encoding'], 'br')
    const html = brotliDecompressSync(response.rawPayload).toString('utf8')
    assert.match(html, /<summary>3000 components not in the stack, with why<\/summary>/)
  })

  test('more than 256 catalogued projects matched: 400 naming the limit, the text kept', async () => {
    const files: Record<string, string> = {}
    for (let index = 0; index <= 256; index++) {
      files[`p${index}.yaml`] = DEMO_PROJECT.replace('id: demo', `id: p${index}`)
    }
    const dir = await writeDataDir(files)
    try {
      const loaded = await loadDataset(dir.dir)
      assert.ok(loaded.ok, JSON.stringify(loaded))
      const holder = new DatasetHolder()
      holder.replace(loaded.loaded)
      const large = await buildFixtureApp({ holder })
      try {
        const text = JSON.stringify({
          bomFormat: 'CycloneDX',
          specVersion: '1.6',
          components: Object.keys(files).map((name) => ({
            type: 'application',
            name: name.replace('.yaml', ''),
            version: '2.0',
          })),
        })
        const response = await postForm(form({ file: text }), {}, large)
        assert.equal(response.statusCode, 400)
        assert.ok(
          textOf(response.body).includes(
            'The file matches 257 catalogued projects; a stack derived from a file holds at most 256.',
          ),
        )
        assert.ok(response.body.includes(`>${escapeText(text)}</textarea>`))
      } finally {
        await large.close()
      }
    } finally {
      await dir.remove()
    }
  })

  test('while the reader is full, a file is 503 with Retry-After, nothing of the file sent back', async () => {
    const full = await buildFixtureApp({ fileReader: new FileReaderPool({ maxWaiting: 0 }) })
    try {
      const secret = 'token-0123456789'
      const response = await postForm(
        form({ file: `${secret}==1.0\n${'x'.repeat(100_000)}` }),
        {},
        full,
      )
      assert.equal(response.statusCode, 503)
      assert.equal(response.headers['retry-after'], '1')
      assert.ok(textOf(response.body).includes('The server is reading other files'))
      assert.ok(!response.body.includes(secret), 'the upload is not echoed')
      assert.ok(response.body.length < 64 * 1024, `${response.body.length} bytes`)
    } finally {
      await full.close()
    }
  })

  test('a file whose reading runs past its work budget: 413, its worker ended, nothing of it sent back', async () => {
    const spinning = await buildFixtureApp({
      fileReader: new FileReaderPool({
        workerUrl: new URL('../../../test/support/spinning-file-worker.ts', import.meta.url),
        workBudgetMs: () => 50,
        checkIntervalMs: 20,
      }),
    })
    try {
      const response = await postForm(form({ file: HELM_LIST }), {}, spinning)
      assert.equal(response.statusCode, 413)
      assert.ok(
        textOf(response.body).includes(
          'The file took more work to read than a file of its size may',
        ),
      )
      assert.ok(!response.body.includes('dbo-1.27.1'), 'the upload is not echoed')
    } finally {
      await spinning.close()
    }
  })

  test('a 4 MiB file of 60,000 unknown packages: a page under 2 MiB listing what matched and summing up the rest', async () => {
    const components: object[] = [{ type: 'application', name: 'dbo', version: '1.27.1' }]
    let size = 0
    for (let index = 0; size < 4 * 1024 * 1024 - 100_000; index++) {
      const component = {
        type: 'library',
        name: `unknown-${index}`,
        version: '1.0.0',
        purl: `pkg:npm/unknown-${index}@1.0.0`,
      }
      components.push(component)
      size += JSON.stringify(component).length + 1
    }
    const sbom = JSON.stringify({ bomFormat: 'CycloneDX', specVersion: '1.6', components })
    const response = await postForm(form({ file: sbom }))
    assert.equal(response.statusCode, 200)
    assert.ok(response.rawPayload.length <= 2 * 1024 * 1024, `${response.rawPayload.length} bytes`)
    const section = textOf(mainOf(response.body).inner)
    assert.ok(section.includes('dbo → db-operator 1.27.1'), 'the matched are listed')
    assert.match(section, /[\d,]+ more are not listed here; the API’s answer for this file/)
    assert.match(section, /is too large to send back in the box/)
    assert.match(response.body, /<textarea [^>]*name="file"[^>]*><\/textarea>/)
  })

  test('without a dataset: 503, the shell that loads the page once there is one', async () => {
    const empty = await buildFixtureApp({ holder: new DatasetHolder() })
    try {
      const response = await postForm(form({ file: HELM_LIST }), {}, empty)
      assert.equal(response.statusCode, 503)
      assert.equal(response.headers['retry-after'], '1')
      assert.match(response.body, /Loading…/)
    } finally {
      await empty.close()
    }
  })
})

describe('a stack and a plan in the stack page’s URL: answered in the HTML', () => {
  const COMPONENTS: [string, string][] = [
    ['platform', '1.33.2'],
    ['dbo', 'v1.27.1'],
    ['pgdb', '17.2'],
  ]
  const STEPS: PlanFields = { ...EMPTY_PLAN, upgrade: 'platform', to: '1.34', path: true }
  const ON_A_DAY: PlanFields = { ...EMPTY_PLAN, supportedOn: '2027-06-30' }
  const urlOf = (fields: PlanFields) => `/stack?${stackQuery(COMPONENTS, fields)}`
  const postJson = async <T>(url: string, payload: string): Promise<T> => {
    const response = await app.inject({
      method: 'POST',
      url,
      headers: { 'content-type': 'application/json' },
      payload,
    })
    assert.equal(response.statusCode, 200, response.body)
    return response.json() as T
  }

  for (const [what, fields] of [
    ['one step at a time', STEPS],
    ['supported on a day, no target', ON_A_DAY],
  ] as const) {
    test(`${what}: the page is the markup the script builds from the API’s answers`, async () => {
      // What the script asks: the stack on its day, the plan with the same body.
      const [stack, answer] = await Promise.all([
        postJson<StackAnswer>('/api/v1/stack', stackBody(COMPONENTS, TODAY)),
        postJson<PlanResult>('/api/v1/plan', planBody(planRequestOf(COMPONENTS, fields))),
      ])
      const index = await api<DependencyIndex>('/api/v1/dependencies')
      const response = await get(urlOf(fields))
      assert.equal(response.statusCode, 200)
      const page = mainOf(response.body)
      assert.equal(page.kind, 'stack')
      const shown = { components: COMPONENTS, fields, stack, answer, projects, today: TODAY }
      assert.equal(page.inner, asHtml(stackPageMain(stackNames(projects, index), null, shown)))
      assert.match(response.body, /<link rel="canonical" href="\/stack">/)
      assert.ok(
        response.body.includes(`<meta name="description" content="${escapeText(answer.reason)}">`),
      )
    })
  }

  test('it reads without a script: the steps in order, the verdict after each, what blocks a day', async () => {
    const html = (await get(urlOf(STEPS))).body
    assert.match(
      html,
      /<title>Upgrade platform to 1\.34, one step at a time: possible · compat<\/title>/,
    )
    assert.match(html, /<ol class="check-list plan-steps" aria-labelledby="plan-steps-heading">/)
    assert.deepEqual(
      [...html.matchAll(/<h4>(Step \d+: [^<]+)<\/h4>/g)].map((match) => match[1]),
      ['Step 1: dbo v1.27.1 → 1.27.3', 'Step 2: platform 1.33.2 → 1.34'],
    )
    assert.match(
      html,
      /<p class="step-verdict">After this step: <span class="verdict verdict-compatible">/,
    )
    assert.match(html, /<details class="step-details"><summary>The stack after step 2, /)
    const blocked = (await get(urlOf(ON_A_DAY))).body
    assert.match(blocked, /Supported on 2027-06-30: <span class="verdict verdict-incompatible">/)
    assert.match(blocked, /<p class="blocking-support"><strong>Support: <\/strong>/)
  })

  test('a page of its own: its ETag, 304, one page however the query is written, kept the second time, then sent by the front door', async () => {
    const listening = await buildFixtureApp({ clock: () => new Date(`${TODAY}T12:00:00Z`) })
    const reachedFastify: string[] = []
    listening.addHook('onRequest', async (request) => {
      reachedFastify.push(request.url)
    })
    try {
      const base = await listening.listen({ port: 0, host: '127.0.0.1' })
      const plain = await fetch(`${base}/stack`)
      const url = urlOf(STEPS)
      const first = await fetch(`${base}${url}`)
      const etag = String(first.headers.get('etag'))
      assert.match(etag, /^W\/"[\w-]{27}"$/)
      assert.notEqual(etag, plain.headers.get('etag'))
      assert.equal(first.headers.get('cache-control'), 'no-cache')
      // The same plan written another way: the same page, kept now (asked twice).
      const reordered = `/stack?path=true&platform=1.33.2&to=1.34&dbo=v1.27.1&pgdb=17.2&upgrade=platform`
      const second = await fetch(`${base}${reordered}`)
      assert.equal(second.headers.get('etag'), etag)
      assert.equal(await second.text(), await first.text())
      const revalidated = await fetch(`${base}${url}`, { headers: { 'if-none-match': etag } })
      assert.equal(revalidated.status, 304)
      // Another plan is another page, and so is the stack alone; a plan the API refuses is
      // the stack's page with the plan's faults in words, rendered each time.
      const other = await fetch(`${base}${urlOf({ ...STEPS, path: false })}`)
      assert.notEqual(other.headers.get('etag'), etag)
      const alone = await fetch(`${base}/stack?${stackQuery(COMPONENTS, null)}`)
      assert.notEqual(alone.headers.get('etag'), plain.headers.get('etag'))
      assert.match(
        await alone.text(),
        /id="stack-result"><div><h2 class="result-heading">Your stack: /,
      )
      const refused = `/stack?${stackQuery(COMPONENTS, { ...ON_A_DAY, supportedOn: '2027-02-30' })}`
      const refusal = await fetch(`${base}${refused}`)
      assert.equal(refusal.headers.get('etag'), null)
      const refusedHtml = await refusal.text()
      assert.doesNotMatch(refusedHtml, /id="plan-result"><div>/)
      assert.match(
        refusedHtml,
        /id="plan-notice" role="alert">The plan could not be asked: supportedOn must be a real date/,
      )
      assert.deepEqual(reachedFastify, [
        '/stack',
        url,
        reordered,
        `/stack?${stackQuery(COMPONENTS, { ...STEPS, path: false })}`,
        `/stack?${stackQuery(COMPONENTS, null)}`,
        refused,
      ])
    } finally {
      await listening.close()
    }
  })

  test('a stack alone: the page is the markup the script builds from the API’s answer, kept from its second request', async () => {
    const stack = await postJson<StackAnswer>('/api/v1/stack', stackBody(COMPONENTS, TODAY))
    const index = await api<DependencyIndex>('/api/v1/dependencies')
    const response = await get(`/stack?${stackQuery(COMPONENTS, null)}`)
    assert.equal(response.statusCode, 200)
    const page = mainOf(response.body)
    const shown = {
      components: COMPONENTS,
      fields: EMPTY_PLAN,
      stack,
      answer: null,
      projects,
      today: TODAY,
    }
    assert.equal(page.inner, asHtml(stackPageMain(stackNames(projects, index), null, shown)))
    assert.match(response.body, /<title>Your stack of 3 components: compatible · compat<\/title>/)
    assert.match(response.body, /<link rel="canonical" href="\/stack">/)
  })

  test('a stack the API refuses: the rows as given, the API’s words, 400, never kept', async () => {
    const response = await get(`/stack?platform=${'1'.repeat(200)}`)
    assert.equal(response.statusCode, 400)
    assert.equal(response.headers.etag, undefined)
    assert.match(response.body, /id="stack-notice" role="alert">The stack could not be checked: /)
    assert.match(response.body, /id="component-name-1" type="text" name="name" value="platform"/)
  })
})

describe('the stack form without a script: one GET form', () => {
  // [what, the query the browser sends, where it leads (null: a page)]
  const REDIRECTS: [string, string, string][] = [
    [
      'rows (an empty one skipped), plan fields empty',
      'name=platform&version=1.33.2&name=&version=&name=dbo&version=v1.27.1&upgrade=&to=&supported-on=',
      '/stack?platform=1.33.2&dbo=v1.27.1#stack-result',
    ],
    [
      'rows and a plan one step at a time',
      'name=platform&version=1.33.2&upgrade=platform&to=1.34&supported-on=&path=1',
      '/stack?platform=1.33.2&upgrade=platform&to=1.34&path=1#plan-result',
    ],
    [
      'rows and a day',
      'name=+platform+&version=1.33.2&upgrade=&to=&supported-on=2027-06-30&unknown=allow',
      '/stack?platform=1.33.2&unknown=allow&supported-on=2027-06-30#plan-result',
    ],
  ]
  for (const [what, query, location] of REDIRECTS) {
    test(`${what}: 303 to the stack's own address`, async () => {
      const response = await get(`/stack?${query}`)
      assert.equal(response.statusCode, 303)
      assert.equal(response.headers.location, location)
      assert.equal(response.headers['cache-control'], 'no-store')
    })
  }

  test('Add a component: the page again with the rows as typed, an empty row more, focused', async () => {
    const response = await get('/stack?name=platform&version=1.33.2&add=1&upgrade=platform&to=')
    assert.equal(response.statusCode, 200)
    assert.equal(response.headers['cache-control'], 'no-store')
    assert.equal(response.headers.etag, undefined)
    assert.equal((response.body.match(/<li class="component-row">/g) ?? []).length, 2)
    assert.match(response.body, /id="component-name-1" type="text" name="name" value="platform"/)
    assert.match(
      response.body,
      /<input id="component-name-2" type="text" name="name" [^>]*autofocus>/,
    )
    // What was typed in the plan form stays.
    assert.match(response.body, /id="upgrade-name" type="text" name="upgrade" value="platform"/)
  })

  // [what, the query, where the fault is said, the words]
  const FAULTS: [string, string, string, string][] = [
    [
      'no component',
      'name=&version=',
      'stack-notice',
      'Add at least one component with its version.',
    ],
    [
      'a name without its version',
      'name=platform&version=',
      'stack-notice',
      'Give the version of “platform” you run.',
    ],
    [
      'half a target',
      'name=platform&version=1.33&upgrade=platform&to=',
      'plan-notice',
      'Give the version to upgrade “platform” to.',
    ],
    [
      'a day that is no date',
      'name=platform&version=1.33&supported-on=2027-02-30',
      'plan-notice',
      'Give “Supported on” as a whole date (year, month and day), or leave it empty.',
    ],
  ]
  for (const [what, query, where, words] of FAULTS) {
    test(`${what}: 400, the form as typed and the fault in words`, async () => {
      const response = await get(`/stack?${query}`)
      assert.equal(response.statusCode, 400)
      assert.ok(
        response.body.includes(`id="${where}" role="alert">${escapeText(words)}</div>`),
        response.body.slice(
          response.body.indexOf(`id="${where}"`),
          response.body.indexOf(`id="${where}"`) + 200,
        ),
      )
    })
  }

  test('a dependency page with a version is a page of its own: kept the second time, then sent by the front door; one the API would refuse is the plain page', async () => {
    const listening = await buildFixtureApp()
    const reachedFastify: string[] = []
    listening.addHook('onRequest', async (request) => {
      reachedFastify.push(request.url)
    })
    try {
      const base = await listening.listen({ port: 0, host: '127.0.0.1' })
      const plain = await fetch(`${base}/dependencies/pgdb`)
      const judged = await fetch(`${base}/dependencies/pgdb?version=17`)
      assert.notEqual(judged.headers.get('etag'), plain.headers.get('etag'))
      for (let time = 0; time < 2; time++) await fetch(`${base}/dependencies/pgdb?version=17`)
      const refused = await fetch(`${base}/dependencies/pgdb?version=%01`)
      assert.equal(refused.headers.get('etag'), plain.headers.get('etag'))
      assert.deepEqual(reachedFastify, [
        '/dependencies/pgdb',
        '/dependencies/pgdb?version=17',
        '/dependencies/pgdb?version=17',
      ])
    } finally {
      await listening.close()
    }
  })

  test('never answered by the front door as the plain page', async () => {
    const listening = await buildFixtureApp()
    try {
      const base = await listening.listen({ port: 0, host: '127.0.0.1' })
      await fetch(`${base}/stack`)
      const response = await fetch(`${base}/stack?name=platform&version=1.33`, {
        redirect: 'manual',
      })
      assert.equal(response.status, 303)
    } finally {
      await listening.close()
    }
  })
})
