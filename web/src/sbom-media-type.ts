/**
 * Which files the stack page sends to the API itself: SBOMs, told from their content as the
 * server tells them. Pure, so that it is tested in Node (test/web/sbom-media-type.test.ts).
 */
import type { SbomMediaType } from './api.ts'

/**
 * The media type an SBOM is posted to the API with, told from its content by the fields the
 * server tells it by (src/data/stack-files/detect-stack-file.ts); null for any other file,
 * which the form posts as it is.
 *
 * @example sbomMediaType('{"bomFormat":"CycloneDX","specVersion":"1.6"}') // 'application/vnd.cyclonedx+json'
 */
export function sbomMediaType(text: string): SbomMediaType | null {
  const content = text.replace(/^\uFEFF/, '').trimStart()
  if (!content.startsWith('{')) return null
  let value: unknown
  try {
    value = JSON.parse(content)
  } catch {
    // The server names where the JSON breaks.
    return null
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return null
  if ('bomFormat' in value || ('specVersion' in value && 'components' in value)) {
    return 'application/vnd.cyclonedx+json'
  }
  if ('spdxVersion' in value || 'SPDXID' in value || 'documentNamespace' in value) {
    return 'application/spdx+json'
  }
  return null
}
