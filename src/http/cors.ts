/** The API is public and read-only: any origin may read it (docs/api.md, "HTTP behaviour"). */
export const CORS_HEADERS = {
  'access-control-allow-origin': '*',
  'access-control-expose-headers': 'etag, retry-after',
} as const
