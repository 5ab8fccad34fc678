import type { ProjectPurlKeys } from '../dataset/project-purls.ts'

/** Each purl (as it compares) to the project it names; null when it names none. */
export type PurlOwners = ReadonlyMap<string, string | null>

/**
 * A written purl is its project's (validation keeps it to one); an implied one too, unless
 * several projects imply it (one repository, several products: `kubernetes/autoscaler`), when
 * it names none of them (docs/api.md, "Identifiers").
 *
 * @example purlOwners([{ id: 'django', purls: { written: [], implied: ['pypi//django'] } }]).get('pypi//django') // 'django'
 */
export function purlOwners(
  projects: Iterable<{ readonly id: string; readonly purls: ProjectPurlKeys }>,
): PurlOwners {
  const written = new Map<string, string>()
  const owners = new Map<string, string | null>()
  for (const { id, purls } of projects) {
    for (const key of purls.written) written.set(key, id)
    for (const key of purls.implied) {
      const other = owners.get(key)
      owners.set(key, other === undefined || other === id ? id : null)
    }
  }
  for (const [key, id] of written) owners.set(key, id)
  return owners
}
