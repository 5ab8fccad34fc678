/** Lazily read projects for the tests of background compiling. */
import type { DeferredDocument } from '../../src/core/dataset/build-dataset.ts'
import type { ProjectDocument } from '../../src/core/dataset/schema.ts'

/**
 * Projects `ids` with no versions, each recording in `reads` when it is read; one whose id
 * starts with `broken` throws when read, as a project that cannot be compiled does.
 */
export function deferredProjects(ids: readonly string[], reads: string[]): DeferredDocument[] {
  return ids.map((id) => ({
    id,
    aliases: [],
    entryCount: 0,
    load: (): ProjectDocument => {
      reads.push(id)
      if (id.startsWith('broken')) throw new Error(`cannot compile ${id}`)
      return { id, name: id, categories: [], website: 'https://example.org', versions: {} }
    },
  }))
}
