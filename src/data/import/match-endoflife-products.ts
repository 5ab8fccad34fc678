/**
 * Which catalogued project each endoflife.date product is: the one whose id or alias is the
 * product's permalink, one of its alternate_urls or its file name (compared lowercase), or the
 * one `--map PRODUCT=PROJECT` names. A product is written into one project and a project takes
 * one product, so a product whose names reach two projects, or two products reaching one
 * project, are not imported until `--map` says which is meant.
 */

/** A project of the data directory written to: its file and the names it answers to. */
export interface CatalogueProject {
  readonly id: string
  readonly aliases: readonly string[]
  readonly file: string
}

/** The names a product goes by (read-endoflife-product.ts). */
export interface ProductNames {
  readonly slug: string
  readonly permalink: string
  readonly alternateUrls: readonly string[]
}

export type ProductMatch =
  | {
      readonly kind: 'matched'
      readonly project: CatalogueProject
      /** How: `permalink /kubernetes is its id`, `--map traefik=traefik-proxy`. */
      readonly by: string
    }
  | { readonly kind: 'unmatched' }
  | {
      readonly kind: 'not imported'
      readonly reason: string
      /** Whether a user should settle it (with --map); false when --map already has. */
      readonly unsettled: boolean
    }

export type MatchResult =
  | { readonly ok: true; readonly matches: ReadonlyMap<string, ProductMatch> }
  | { readonly ok: false; readonly faults: readonly string[] }

/**
 * @example matchEndoflifeProducts([{ slug: 'nodejs', permalink: 'nodejs', alternateUrls: ['node'] }],
 *   [{ id: 'node', aliases: [], file: 'node.yaml' }], new Map()).matches.get('nodejs')
 * // { kind: 'matched', project: { id: 'node', … }, by: 'alternate_urls /node is its id' }
 */
export function matchEndoflifeProducts(
  products: readonly ProductNames[],
  catalogue: readonly CatalogueProject[],
  map: ReadonlyMap<string, string>,
): MatchResult {
  const byName = new Map<string, { project: CatalogueProject; is: string }>()
  for (const project of catalogue) {
    byName.set(project.id.toLowerCase(), { project, is: 'its id' })
    for (const alias of project.aliases) {
      byName.set(alias.toLowerCase(), { project, is: `an alias of ${project.id}` })
    }
  }
  const faults = mapFaults(products, byName, map)
  if (faults.length > 0) return { ok: false, faults }

  const found = new Map<string, { project: CatalogueProject; by: string }[]>()
  for (const product of products) {
    const mapped = map.get(product.slug)
    if (mapped !== undefined) {
      const { project } = byName.get(mapped.toLowerCase()) as { project: CatalogueProject }
      found.set(product.slug, [{ project, by: `--map ${product.slug}=${mapped}` }])
      continue
    }
    const hits: { project: CatalogueProject; by: string }[] = []
    for (const [where, name] of namesOf(product)) {
      const hit = byName.get(name.toLowerCase())
      if (hit !== undefined && !hits.some((other) => other.project === hit.project)) {
        hits.push({ project: hit.project, by: `${where} is ${hit.is}` })
      }
    }
    found.set(product.slug, hits)
  }

  const claims = new Map<CatalogueProject, string[]>()
  for (const [slug, hits] of found) {
    for (const { project } of hits) claims.set(project, [...(claims.get(project) ?? []), slug])
  }
  const matches = new Map<string, ProductMatch>()
  for (const product of products) {
    matches.set(product.slug, settle(product.slug, found.get(product.slug) ?? [], claims, map))
  }
  return { ok: true, matches }
}

function settle(
  slug: string,
  hits: readonly { project: CatalogueProject; by: string }[],
  claims: ReadonlyMap<CatalogueProject, readonly string[]>,
  map: ReadonlyMap<string, string>,
): ProductMatch {
  const [hit] = hits
  if (hit === undefined) return { kind: 'unmatched' }
  if (hits.length > 1) {
    const ids = hits.map(({ project, by }) => `${project.id} (${by})`).join(' and ')
    return {
      kind: 'not imported',
      reason: `its names match ${ids}; say which with --map ${slug}=PROJECT`,
      unsettled: true,
    }
  }
  const rivals = (claims.get(hit.project) ?? []).filter((other) => other !== slug)
  if (rivals.length === 0) return { kind: 'matched', project: hit.project, by: hit.by }
  if (map.has(slug)) return { kind: 'matched', project: hit.project, by: hit.by }
  const mappedRival = rivals.find((other) => map.has(other))
  if (mappedRival !== undefined) {
    return {
      kind: 'not imported',
      reason: `project ${hit.project.id} takes products/${mappedRival}.md (--map)`,
      unsettled: false,
    }
  }
  return {
    kind: 'not imported',
    reason: `project ${hit.project.id} is matched by ${[slug, ...rivals].map((other) => `products/${other}.md`).join(' and ')}; say which with --map PRODUCT=${hit.project.id}`,
    unsettled: true,
  }
}

/** Where each name of a product comes from, and the name. */
function namesOf(product: ProductNames): [string, string][] {
  return [
    [`permalink /${product.permalink}`, product.permalink],
    ...product.alternateUrls.map((url): [string, string] => [`alternate_urls /${url}`, url]),
    [`file name ${product.slug}`, product.slug],
  ]
}

/** `--map` must name a product read and a project of the catalogue, each project once. */
function mapFaults(
  products: readonly ProductNames[],
  byName: ReadonlyMap<string, { project: CatalogueProject }>,
  map: ReadonlyMap<string, string>,
): string[] {
  const faults: string[] = []
  const slugs = new Set(products.map((product) => product.slug))
  const taken = new Map<CatalogueProject, string>()
  for (const [slug, name] of map) {
    if (!slugs.has(slug)) {
      faults.push(`--map ${slug}=${name}: no product file ${slug}.md was given`)
    }
    const hit = byName.get(name.toLowerCase())
    if (hit === undefined) {
      faults.push(`--map ${slug}=${name}: no project has the id or alias '${name}'`)
      continue
    }
    const earlier = taken.get(hit.project)
    if (earlier !== undefined) {
      faults.push(
        `--map ${slug}=${name}: project ${hit.project.id} is already given to ${earlier}; a project takes one product`,
      )
    }
    taken.set(hit.project, slug)
  }
  return faults
}
