/**
 * The SBOM bodies `POST /api/v1/stack` takes, as OpenAPI shows them: the fields that tell the
 * format and the ones a stack is derived from. The documents are read by the stack-file readers
 * (src/data/stack-files), which report every fault with where it is (docs/api.md, "Stacks from
 * files"); these schemas describe, they do not validate.
 */
import { Type } from 'typebox'

export const CycloneDxBodySchema = Type.Object(
  {
    bomFormat: Type.Literal('CycloneDX', { description: 'Always CycloneDX.' }),
    specVersion: Type.Union([Type.Literal('1.4'), Type.Literal('1.5'), Type.Literal('1.6')], {
      description: 'The CycloneDX specification version the document follows.',
    }),
    components: Type.Optional(
      Type.Array(Type.Object({}, { additionalProperties: true }), {
        description:
          'The components: each with name, version and, where known, purl (nested components are read too).',
      }),
    ),
    dependencies: Type.Optional(
      Type.Array(Type.Object({}, { additionalProperties: true }), {
        description:
          'The dependency graph by bom-ref: a name found at several versions keeps the one the root (metadata.component) depends on directly.',
      }),
    ),
  },
  {
    additionalProperties: true,
    description:
      'A CycloneDX JSON SBOM (specification 1.4, 1.5 or 1.6), as `npm sbom --sbom-format cyclonedx`, syft, trivy or cdxgen write it.',
  },
)

export const SpdxBodySchema = Type.Object(
  {
    spdxVersion: Type.Literal('SPDX-2.3', { description: 'The SPDX specification version.' }),
    packages: Type.Optional(
      Type.Array(Type.Object({}, { additionalProperties: true }), {
        description:
          'The packages: each with name, versionInfo and, where known, a purl in externalRefs.',
      }),
    ),
    relationships: Type.Optional(
      Type.Array(Type.Object({}, { additionalProperties: true }), {
        description:
          'DEPENDS_ON and DEPENDENCY_OF (and their kinds): a name found at several versions keeps the one the described package depends on directly.',
      }),
    ),
  },
  {
    additionalProperties: true,
    description: 'An SPDX 2.3 JSON document, as `npm sbom --sbom-format spdx` or syft write it.',
  },
)
