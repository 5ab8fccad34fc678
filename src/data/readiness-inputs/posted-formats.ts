/**
 * The formats a file posted for readiness may be named as (`?format=`): `auto` tells it from
 * the content. On their own, so that a schema can list them without loading a reader.
 */
export const POSTED_FILE_FORMATS = [
  'auto',
  'cyclonedx',
  'spdx',
  'package-lock',
  'pnpm-lock',
  'poetry-lock',
  'uv-lock',
  'pylock',
  'requirements',
  'helm',
  'kubectl',
] as const

export type PostedFormat = (typeof POSTED_FILE_FORMATS)[number]
