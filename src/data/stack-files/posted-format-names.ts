/**
 * The formats a file posted to `POST /api/v1/stack?format=…` may be read as (docs/api.md,
 * "Stacks from files"): the names alone, for request schemas and clients; their readers are
 * `POSTED_FORMAT_READERS` (posted-formats.ts), one per name. `auto` tells the format from the
 * content, as `compat stack --from` does. Adding a format is a name here and a reader there.
 */
export const POSTED_FORMATS = [
  'cyclonedx',
  'spdx',
  'package-lock',
  'requirements',
  'helm',
  'kubectl',
  'auto',
] as const

export type PostedFormat = (typeof POSTED_FORMATS)[number]

/** @example isPostedFormat('helm') // true */
export function isPostedFormat(value: string): value is PostedFormat {
  return (POSTED_FORMATS as readonly string[]).includes(value)
}
