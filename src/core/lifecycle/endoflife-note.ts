/**
 * The note `compat import endoflife` writes into an imported lifecycle block: for maintainers
 * (where to correct a date). The site shows visitors its own words instead (docs/web.md,
 * "Support windows"); the API and the data keep the note as written.
 */
export const ENDOFLIFE_NOTE =
  'Dates copied unchanged from the endoflife.date product file cited, by compat import endoflife; correct them there, or replace this block with a hand-written one (without importedFrom).'

/** What a visitor reads in its place. */
export const ENDOFLIFE_VISITOR_NOTE =
  'The dates are endoflife.date’s, as its product file under Sources publishes them.'
