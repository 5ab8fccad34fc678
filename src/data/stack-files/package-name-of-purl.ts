/**
 * The package name an update bot knows a component by, from the package URL that matched it
 * to a catalogued project: what a stack file's `packages` holds (docs/cli.md, "Stack files")
 * and what Renovate's `matchPackageNames` compares.
 */
import { readPurl } from '../../core/purl/read-purl.ts'

/**
 * How each ecosystem writes a package's name from the purl's namespace and name. A type not
 * here has no name an update bot would know; Docker and OCI names depend on the registry, which
 * a qualifier names, so one with qualifiers gets none rather than the wrong one.
 */
const JOINS: Readonly<Record<string, (namespace: string | null, name: string) => string>> = {
  npm: (namespace, name) => (namespace === null ? name : `${namespace}/${name}`),
  pypi: (_, name) => name,
  maven: (namespace, name) => (namespace === null ? name : `${namespace}:${name}`),
  golang: (namespace, name) => (namespace === null ? name : `${namespace}/${name}`),
  github: (namespace, name) => (namespace === null ? name : `${namespace}/${name}`),
  composer: (namespace, name) => (namespace === null ? name : `${namespace}/${name}`),
  docker: (namespace, name) =>
    namespace === null || namespace === 'library' ? name : `${namespace}/${name}`,
  helm: (_, name) => name,
  cargo: (_, name) => name,
  gem: (_, name) => name,
  nuget: (_, name) => name,
}

const REGISTRY_IN_QUALIFIERS = new Set(['docker', 'oci'])

/**
 * @example packageNameOfPurl('pkg:npm/%40nestjs/core@10.4.1') // '@nestjs/core'
 * @example packageNameOfPurl('pkg:maven/org.springframework/spring-core@6.1.13') // 'org.springframework:spring-core'
 * @example packageNameOfPurl('pkg:generic/openssl@3.0.13') // null
 */
export function packageNameOfPurl(text: string): string | null {
  const read = readPurl(text)
  if ('error' in read) return null
  const { type, namespace, name, qualified } = read.purl
  const join = JOINS[type]
  if (join === undefined) return null
  if (qualified && REGISTRY_IN_QUALIFIERS.has(type)) return null
  return join(namespace, name)
}
