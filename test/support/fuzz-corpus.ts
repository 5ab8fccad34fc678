/**
 * The fuzz corpus (test/fixtures/fuzz/): the files that took the service down, reproduced, and
 * our own hostile inputs. Each entry is kept as the recipe that makes it (a piece repeated to a
 * size, a text, a file of its bytes), not as megabytes in the repository.
 */
import { readFileSync } from 'node:fs'

export interface FuzzEntry {
  readonly name: string
  /** `issue`: a reproduction from the report that found it; `hostile`: one of our own. */
  readonly from: 'issue' | 'hostile'
  readonly why: string
  readonly bytes: Buffer
}

interface Recipe {
  readonly name: string
  readonly from: 'issue' | 'hostile'
  readonly why: string
  readonly text?: string
  readonly file?: string
  readonly repeat?: {
    readonly prefix: string
    readonly piece: string
    readonly times: number
    readonly suffix: string
  }
  readonly generate?: 'unmatched-sbom' | 'duplicate-long-key'
  readonly bytes?: number
}

const FOLDER = new URL('../fixtures/fuzz/', import.meta.url)

/** Every entry, made. */
export function fuzzCorpus(): FuzzEntry[] {
  const recipes = JSON.parse(readFileSync(new URL('corpus.json', FOLDER), 'utf8')) as Recipe[]
  return recipes.map(({ name, from, why, ...recipe }) => ({ name, from, why, bytes: made(recipe) }))
}

function made(recipe: Omit<Recipe, 'name' | 'from' | 'why'>): Buffer {
  if (recipe.text !== undefined) return Buffer.from(recipe.text)
  if (recipe.file !== undefined) return readFileSync(new URL(recipe.file, FOLDER))
  if (recipe.repeat !== undefined) {
    const { prefix, piece, times, suffix } = recipe.repeat
    return Buffer.from(prefix + piece.repeat(times) + suffix)
  }
  if (recipe.generate === 'unmatched-sbom') return unmatchedSbom(recipe.bytes ?? 4 * 1024 * 1024)
  if (recipe.generate === 'duplicate-long-key') {
    const key = 'k'.repeat(recipe.bytes ?? 1024)
    return Buffer.from(`{"bomFormat":"CycloneDX","${key}":1,"${key}":2}`)
  }
  throw new Error('a fuzz recipe makes nothing')
}

/** A CycloneDX SBOM of about `size` bytes: one catalogued component, the rest unknown. */
function unmatchedSbom(size: number): Buffer {
  const components: string[] = ['{"type":"application","name":"dbo","version":"1.27.1"}']
  let length = 100
  for (let index = 0; length < size; index++) {
    const component = `{"type":"library","name":"unknown-${index}","version":"1.0.${index % 97}","purl":"pkg:npm/unknown-${index}@1.0.${index % 97}"}`
    components.push(component)
    length += component.length + 1
  }
  return Buffer.from(
    `{"bomFormat":"CycloneDX","specVersion":"1.6","components":[${components.join(',')}]}`,
  )
}
