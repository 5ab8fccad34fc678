/**
 * The parts of an npm package document (the registry's answer for a package, "packument")
 * that `compat import npm` reads. Fields it does not read are not judged: a registry document
 * carries many, written by many versions of npm.
 */
import { Type } from 'typebox'
import { NonBlankString } from './shape-reader.ts'

export const RepositorySchema = Type.Union(
  [
    Type.String({ description: 'A URL or a shorthand such as github:owner/name.' }),
    Type.Object({
      url: Type.Optional(Type.String({ description: 'The repository URL.' })),
      directory: Type.Optional(
        Type.String({ description: 'Where in a monorepo the package lives.' }),
      ),
    }),
    Type.Null(),
  ],
  { description: "The package's source repository; null is the same as none." },
)

/** The document itself: the releases are judged one by one, only those that are read. */
export const PackumentSchema = Type.Object({
  name: NonBlankString('The package name; must be the one asked for.'),
  versions: Type.Record(Type.String(), Type.Unknown(), {
    description: 'Each published version and its manifest (PackageManifestSchema).',
  }),
  'dist-tags': Type.Optional(
    Type.Record(Type.String(), Type.String(), {
      description: 'Tags naming versions; `latest` describes the project.',
    }),
  ),
  repository: Type.Optional(RepositorySchema),
  time: Type.Optional(
    Type.Record(Type.String(), Type.String(), {
      description: 'When each version was published (and `created`, `modified`).',
    }),
  ),
})

/** What one release declares and where its source is. */
export const PackageManifestSchema = Type.Object({
  engines: Type.Optional(
    Type.Object(
      { node: Type.Optional(Type.String({ description: 'The Node.js range, an npm range.' })) },
      { description: 'Runtimes the release needs.' },
    ),
  ),
  peerDependencies: Type.Optional(
    Type.Record(Type.String(), Type.String(), {
      description: 'Packages the release expects beside it, with their npm ranges.',
    }),
  ),
  peerDependenciesMeta: Type.Optional(
    Type.Record(
      Type.String(),
      Type.Object({
        optional: Type.Optional(Type.Boolean({ description: 'Whether the peer may be absent.' })),
      }),
      { description: 'More about each peer.' },
    ),
  ),
  gitHead: Type.Optional(
    Type.String({ description: 'The commit the release was published from.' }),
  ),
  repository: Type.Optional(RepositorySchema),
})

/** What describes the project for a new document: read from the latest release (or the document). */
export const PackageDescriptionSchema = Type.Object({
  repository: Type.Optional(RepositorySchema),
  description: Type.Optional(Type.String({ description: 'One sentence about the package.' })),
  homepage: Type.Optional(Type.String({ description: "The project's website." })),
  keywords: Type.Optional(
    Type.Array(Type.String(), { description: 'Words for search; they become categories.' }),
  ),
})
