/**
 * Notes as visitors read them (docs/web.md, "Visitor words"). The data's notes are written by
 * its maintainers, and some speak to maintainers: how a block is kept, what the importer
 * wrote. The data keeps them; the site leaves out what is about the data's own tooling:
 * the importer's note is said in visitor words, a clause naming `compat import` is dropped,
 * and a sentence about importing (`importedFrom`, `compat import`, "a new import") is left out.
 */
import { ENDOFLIFE_NOTE, ENDOFLIFE_VISITOR_NOTE } from '../core/lifecycle/endoflife-note.ts'

const IMPORTER_CLAUSE = /, by compat import [\w-]+/g
const ABOUT_TOOLING = /\bcompat import\b|\bimportedFrom\b|\ba new import\b|\bthe importer\b/i
// A sentence ends at a full stop followed by a space and a capital (not "v1.2. " in a version).
const SENTENCE_END = /(?<=[.!?])\s+(?=[A-Z“"(])/

/**
 * @example visitorNotes(['Lines 1.16 to 1.36: dates copied from endoflife.date, by compat import endoflife.']) // ['Lines 1.16 to 1.36: dates copied from endoflife.date.']
 */
export function visitorNotes(notes: readonly string[]): string[] {
  return notes.flatMap((note) => {
    if (note === ENDOFLIFE_NOTE) return [ENDOFLIFE_VISITOR_NOTE]
    if (!ABOUT_TOOLING.test(note)) return [note]
    const kept = note
      .replace(IMPORTER_CLAUSE, '')
      .split(SENTENCE_END)
      .filter((sentence) => !ABOUT_TOOLING.test(sentence))
      .join(' ')
      .trim()
    return kept === '' ? [] : [kept]
  })
}
