/** Today by the browser's clock, as a UTC date: what the page marks stale, as the server does. */
import { utcDate } from '../../src/core/evidence/is-stale.ts'

export function today(): string {
  return utcDate(new Date())
}
