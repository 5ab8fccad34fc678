/**
 * How to post a file people already have so that `POST /api/v1/stack` reads it (docs/api.md,
 * "Stacks from files"): for a body sent as a JSON stack that is in fact such a file, the 400's
 * detail names the media type or the `?format=` to send instead.
 */
import type { PostedFormat } from '../data/readiness-inputs/posted-formats.ts'
import type { StackFileFormat } from '../data/stack-files/stack-file.ts'
import { SBOM_CONTENT_TYPES, type SbomContentType } from './sbom-content-types.ts'

const FORMATS: Readonly<
  Record<StackFileFormat, { readonly what: string; readonly format: PostedFormat }>
> = {
  cyclonedx: { what: 'a CycloneDX SBOM', format: 'cyclonedx' },
  spdx: { what: 'an SPDX SBOM', format: 'spdx' },
  'package-lock': { what: 'an npm package-lock.json', format: 'package-lock' },
  'pnpm-lock': { what: 'a pnpm-lock.yaml', format: 'pnpm-lock' },
  'poetry-lock': { what: 'a poetry.lock', format: 'poetry-lock' },
  'uv-lock': { what: 'a uv.lock', format: 'uv-lock' },
  pylock: { what: 'a pylock.toml', format: 'pylock' },
  requirements: { what: 'a pip requirements file', format: 'requirements' },
  'helm-list': { what: 'the output of helm list -o json', format: 'helm' },
  'kubectl-version': { what: 'the output of kubectl version -o json', format: 'kubectl' },
}

/** @example describeStackFileFormat('helm-list') // 'the output of helm list -o json' */
export function describeStackFileFormat(format: StackFileFormat): string {
  return FORMATS[format].what
}

/**
 * @example stackFileHint('cyclonedx').detail
 * // 'The body is a CycloneDX SBOM, not a JSON stack: send it with content-type: application/vnd.cyclonedx+json, or add ?format=cyclonedx to the URL.'
 */
export function stackFileHint(format: StackFileFormat): {
  readonly detail: string
  readonly reason: string
} {
  const { what, format: posted } = FORMATS[format]
  const mediaType = (Object.keys(SBOM_CONTENT_TYPES) as SbomContentType[]).find(
    (type) => SBOM_CONTENT_TYPES[type] === posted,
  )
  const how =
    mediaType === undefined
      ? `add ?format=${posted} to the URL`
      : `send it with content-type: ${mediaType}, or add ?format=${posted} to the URL`
  return {
    detail: `The body is ${what}, not a JSON stack: ${how}.`,
    reason: `is ${what}, not a stack of components: ${how}`,
  }
}
