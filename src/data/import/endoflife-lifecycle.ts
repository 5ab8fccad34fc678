/**
 * A product's release cycles as a project's `lifecycle` block (docs/api.md, "Support windows"),
 * field for field: releaseCycle → the line key, releaseDate → released, eoas →
 * activeSupportUntil, eol → supportUntil, eoes → extendedSupportUntil, lts → lts, latest →
 * latest. An end that is a date stays that date, `true` (ended, no date) stays true, and
 * `false` (not ended) is null, compat's "no end announced". Nothing is derived or guessed, so
 * the dates read back exactly as endoflife.date publishes them.
 */
import type { Lifecycle, LifecycleLine, Source } from '../../core/dataset/schema.ts'
import { ENDOFLIFE_NOTE } from '../../core/lifecycle/endoflife-note.ts'
import type { EndoflifeEnd, EndoflifeProduct, EndoflifeRelease } from './read-endoflife-product.ts'

/** The product file's address in endoflife.date's repository, pinned to a commit. */
export function endoflifeSource(slug: string, commit: string, today: string): Source {
  return {
    title: `endoflife.date product file products/${slug}.md at ${commit.slice(0, 7)}`,
    url: `https://github.com/endoflife-date/endoflife.date/blob/${commit}/products/${slug}.md`,
    accessedAt: today,
  }
}

export { ENDOFLIFE_NOTE }

/** The field of a release each line field is read from, to say where a fault came from. */
export const ENDOFLIFE_FIELD: Readonly<Record<string, string>> = {
  released: 'releaseDate',
  activeSupportUntil: 'eoas',
  supportUntil: 'eol',
  extendedSupportUntil: 'eoes',
  lts: 'lts',
  latest: 'latest',
}

/**
 * @example endoflifeLifecycle(product, 'a70eca337600e7d721dc48112c271f98661d208b', '2026-11-28')
 *   .lines['1.34'] // { released: '2025-08-27', activeSupportUntil: '2026-08-27', supportUntil: '2026-10-27', … }
 */
export function endoflifeLifecycle(
  product: Pick<EndoflifeProduct, 'slug' | 'releases'>,
  commit: string,
  today: string,
): Lifecycle {
  // One source object for the block and every line: the YAML writer makes it one anchor.
  const source = endoflifeSource(product.slug, commit, today)
  const lines: Record<string, LifecycleLine> = {}
  for (const release of product.releases) {
    lines[release.releaseCycle] = lifecycleLine(release, source)
  }
  return {
    confidence: 'high',
    lastVerified: today,
    sources: [source],
    notes: [ENDOFLIFE_NOTE],
    importedFrom: 'endoflife',
    lines,
  }
}

function lifecycleLine(release: EndoflifeRelease, source: Source): LifecycleLine {
  return {
    released: release.releaseDate,
    ...(release.eoas === undefined ? {} : { activeSupportUntil: supportEnd(release.eoas) }),
    supportUntil: release.eol === undefined ? null : supportEnd(release.eol),
    ...(release.eoes === undefined ? {} : { extendedSupportUntil: supportEnd(release.eoes) }),
    // A date is the day the cycle became (or becomes) LTS: the vendor calls it LTS either way.
    ...(release.lts === undefined || release.lts === false ? {} : { lts: true }),
    ...(release.latest === undefined ? {} : { latest: release.latest }),
    sources: [source],
  }
}

function supportEnd(end: EndoflifeEnd): string | true | null {
  return end === false ? null : end
}
