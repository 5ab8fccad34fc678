/**
 * A release line's support as a badge (docs/api.md, "Badges"): green while supported, yellow
 * while it gets security fixes only, red at its end of life, grey when unknown or unreleased.
 */
import type { ComponentSupport, SupportStatus } from '../api/response-schemas.ts'

export const SUPPORT_COLORS: Readonly<Record<SupportStatus, string>> = {
  supported: '#2e7d32',
  'security-only': '#9a6700',
  'end-of-life': '#c62828',
  unreleased: '#6b6b6b',
  unknown: '#6b6b6b',
}

/**
 * The badge's message: `supported until 2027-02-28`, `security fixes until 2026-10-27`,
 * `end of life since 2026-10-27` (the last supported day), or the status alone when the end
 * is not a date.
 *
 * @example supportMessage({ status: 'end-of-life', supportUntil: '2026-10-27' }) // 'end of life since 2026-10-27'
 */
export function supportMessage({
  status,
  supportUntil,
}: Pick<ComponentSupport, 'status' | 'supportUntil'>): string {
  const until = typeof supportUntil === 'string' ? supportUntil : null
  switch (status) {
    case 'supported':
      return until === null ? 'supported' : `supported until ${until}`
    case 'security-only':
      return until === null ? 'security fixes' : `security fixes until ${until}`
    case 'end-of-life':
      return until === null ? 'end of life' : `end of life since ${until}`
    case 'unreleased':
      return 'unreleased'
    case 'unknown':
      return 'unknown'
  }
}
