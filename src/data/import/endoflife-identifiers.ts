/**
 * A product's `identifiers` as a project's (docs/api.md, "Identifiers"): purl, cpe and
 * repology items that the project schema's IdentifierSchema holds are taken as written; any
 * other is left out with the reason, never rewritten, since an identifier that names the wrong
 * thing would make an SBOM match the wrong project.
 */
import { Compile } from 'typebox/compile'
import { type Identifier, IdentifierSchema } from '../../core/dataset/schema.ts'
import type { EndoflifeIdentifier } from './read-endoflife-product.ts'

export interface ConvertedIdentifiers {
  /** In the product's order, each once. */
  readonly identifiers: readonly Identifier[]
  /** Each item not taken: its index in the product's `identifiers`, and why. */
  readonly leftOut: readonly { readonly index: number; readonly message: string }[]
}

const KINDS = ['purl', 'cpe', 'repology'] as const
type Kind = (typeof KINDS)[number]

/** Why an identifier the schema does not hold is left out, by kind. */
const NOT_HELD: Record<Kind, string> = {
  purl: 'not a package URL such as pkg:npm/express',
  // endoflife.date lists many names in both forms; the 2.2 one is not rewritten into 2.3.
  cpe: 'not a CPE 2.3 name (cpe:2.3:…); the CPE 2.2 form cpe:/… is not rewritten',
  repology: 'not a Repology name',
}

let identifierCheck: ReturnType<typeof Compile<typeof IdentifierSchema>> | undefined

/**
 * @example endoflifeIdentifiers([{ kind: 'cpe', value: 'cpe:/a:apache:kafka' }]).leftOut[0]?.index // 0
 */
export function endoflifeIdentifiers(items: readonly EndoflifeIdentifier[]): ConvertedIdentifiers {
  identifierCheck ??= Compile(IdentifierSchema)
  const identifiers: Identifier[] = []
  const leftOut: { index: number; message: string }[] = []
  const seen = new Set<string>()
  items.forEach(({ kind, value }, index) => {
    const reason = whyNotHeld(kind, value)
    if (reason !== null) {
      leftOut.push({ index, message: `left out identifier ${kind}: ${value}: ${reason}` })
      return
    }
    const key = identifierKey({ [kind]: value } as Identifier)
    if (seen.has(key)) return
    seen.add(key)
    identifiers.push({ [kind]: value } as Identifier)
  })
  return { identifiers, leftOut }
}

/** One text per identifier, for finding the same one twice: `purl pkg:npm/express`. */
export function identifierKey(identifier: Identifier): string {
  const [kind, value] = Object.entries(identifier)[0] ?? ['', '']
  return `${kind} ${value}`
}

function whyNotHeld(kind: string, value: string): string | null {
  if (!(KINDS as readonly string[]).includes(kind)) {
    return `compat records purl, cpe and repology identifiers, not ${kind}`
  }
  if (!identifierCheck?.Check({ [kind]: value })) return NOT_HELD[kind as Kind]
  // The schema's purls name the project, so that every version of it matches.
  if (kind === 'purl' && /[@?#]/.test(value.slice('pkg:'.length))) {
    return "it has a version, qualifiers or a subpath ('@', '?' or '#'); a project's purl has none (a scope's @ is written %40)"
  }
  return null
}
