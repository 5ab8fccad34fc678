import assert from 'node:assert/strict'
import { test } from 'node:test'
import {
  type CatalogueProject,
  type MatchResult,
  matchEndoflifeProducts,
  type ProductNames,
} from './match-endoflife-products.ts'

const project = (id: string, aliases: string[] = []): CatalogueProject => ({
  id,
  aliases,
  file: `${id}.yaml`,
})
const product = (slug: string, alternateUrls: string[] = [], permalink = slug): ProductNames => ({
  slug,
  permalink,
  alternateUrls,
})

const CATALOGUE = [
  project('kubernetes', ['k8s']),
  project('kafka', ['apache-kafka']),
  project('node'),
  project('traefik-proxy'),
  project('sonarqube', ['sonarqube-server']),
  project('vite'),
  project('vitest'),
]

/** Each product's fate in a line: `slug -> project (by)`, `slug unmatched`, `slug not imported: why`. */
function summary(result: MatchResult): string[] {
  if (!result.ok) return result.faults.map((fault) => `fault ${fault}`)
  return [...result.matches].map(([slug, match]) => {
    switch (match.kind) {
      case 'matched':
        return `${slug} -> ${match.project.id} (${match.by})`
      case 'unmatched':
        return `${slug} unmatched`
      default:
        return `${slug} not imported${match.unsettled ? '' : ' (settled)'}: ${match.reason}`
    }
  })
}

// Columns: the rule, the products read, --map, how each product is matched.
const CASES: readonly (readonly [string, ProductNames[], [string, string][], string[]])[] = [
  [
    'the permalink is the project id',
    [product('kubernetes', ['k8s'])],
    [],
    ['kubernetes -> kubernetes (permalink /kubernetes is its id)'],
  ],
  [
    'the permalink is an alias; an alternate_url naming the same project is no rival',
    [product('apache-kafka', ['kafka'])],
    [],
    ['apache-kafka -> kafka (permalink /apache-kafka is an alias of kafka)'],
  ],
  [
    'an alternate_url is the project id',
    [product('nodejs', ['node'])],
    [],
    ['nodejs -> node (alternate_urls /node is its id)'],
  ],
  [
    'names compare lowercase',
    [product('Kubernetes', [], 'Kubernetes')],
    [],
    ['Kubernetes -> kubernetes (permalink /Kubernetes is its id)'],
  ],
  [
    'a product no name of which is catalogued is unmatched',
    [product('react')],
    [],
    ['react unmatched'],
  ],
  [
    '--map names the project for a product',
    [product('traefik')],
    [['traefik', 'traefik-proxy']],
    ['traefik -> traefik-proxy (--map traefik=traefik-proxy)'],
  ],
  [
    '--map wins over the names, and may name an alias',
    [product('kubernetes')],
    [['kubernetes', 'apache-kafka']],
    ['kubernetes -> kafka (--map kubernetes=apache-kafka)'],
  ],
  [
    'two products matching one project are not imported until --map says which',
    [product('sonarqube-community', ['sonarqube']), product('sonarqube-server')],
    [],
    [
      'sonarqube-community not imported: project sonarqube is matched by products/sonarqube-community.md and products/sonarqube-server.md; say which with --map PRODUCT=sonarqube',
      'sonarqube-server not imported: project sonarqube is matched by products/sonarqube-server.md and products/sonarqube-community.md; say which with --map PRODUCT=sonarqube',
    ],
  ],
  [
    '--map settles it: the other product is not imported, and need not be',
    [product('sonarqube-community', ['sonarqube']), product('sonarqube-server')],
    [['sonarqube-server', 'sonarqube']],
    [
      'sonarqube-community not imported (settled): project sonarqube takes products/sonarqube-server.md (--map)',
      'sonarqube-server -> sonarqube (--map sonarqube-server=sonarqube)',
    ],
  ],
  [
    'a product whose names reach two projects is not imported',
    [product('vite', ['vitest'])],
    [],
    [
      'vite not imported: its names match vite (permalink /vite is its id) and vitest (alternate_urls /vitest is its id); say which with --map vite=PROJECT',
    ],
  ],
  [
    '--map must name a product read and a catalogued project, each project once',
    [product('traefik'), product('react')],
    [
      ['traefik', 'traefik'],
      ['knative', 'node'],
      ['react', 'node'],
    ],
    [
      "fault --map traefik=traefik: no project has the id or alias 'traefik'",
      'fault --map knative=node: no product file knative.md was given',
      'fault --map react=node: project node is already given to knative; a project takes one product',
    ],
  ],
]

for (const [rule, products, map, expected] of CASES) {
  test(`matchEndoflifeProducts: ${rule}`, () => {
    assert.deepEqual(summary(matchEndoflifeProducts(products, CATALOGUE, new Map(map))), expected)
  })
}
