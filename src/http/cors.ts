/**
 * The headers every API answer carries, errors and 304s included (docs/api.md, "HTTP
 * behaviour"): the API is public and read-only, so any origin may read it; and no answer is
 * ever sniffed into another type than the one it declares (a JSON answer echoing a name is
 * never run as a script or a page).
 */
export const API_HEADERS = {
  'access-control-allow-origin': '*',
  'access-control-expose-headers': 'etag, retry-after',
  'x-content-type-options': 'nosniff',
} as const

/** The header that keeps a browser from reading an answer as another type than declared. */
export const NO_SNIFF = { 'x-content-type-options': 'nosniff' } as const
