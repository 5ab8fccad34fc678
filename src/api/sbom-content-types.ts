/**
 * The content types of the SBOMs `POST /api/v1/stack` takes besides a JSON stack, and the
 * format each declares (docs/api.md, "Stacks from files").
 */
export const SBOM_CONTENT_TYPES = {
  'application/vnd.cyclonedx+json': 'cyclonedx',
  'application/spdx+json': 'spdx',
} as const

export type SbomContentType = keyof typeof SBOM_CONTENT_TYPES

/**
 * The SBOM format a content-type header declares (its parameters and case aside); null for
 * any other.
 *
 * @example sbomFormatOf('application/vnd.cyclonedx+json; version=1.6') // 'cyclonedx'
 */
export function sbomFormatOf(contentType: string | undefined): 'cyclonedx' | 'spdx' | null {
  const mediaType = contentType?.split(';')[0]?.trim().toLowerCase()
  return Object.hasOwn(SBOM_CONTENT_TYPES, mediaType ?? '')
    ? SBOM_CONTENT_TYPES[mediaType as SbomContentType]
    : null
}
