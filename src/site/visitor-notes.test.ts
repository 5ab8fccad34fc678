import assert from 'node:assert/strict'
import { test } from 'node:test'
import { ENDOFLIFE_NOTE, ENDOFLIFE_VISITOR_NOTE } from '../core/lifecycle/endoflife-note.ts'
import { visitorNotes } from './visitor-notes.ts'

// [the note in the data, what a visitor reads (null: nothing)]
const NOTES: [string, string | null][] = [
  [ENDOFLIFE_NOTE, ENDOFLIFE_VISITOR_NOTE],
  [
    'The installation FAQ lists Python 3.8 to 3.11.',
    'The installation FAQ lists Python 3.8 to 3.11.',
  ],
  [
    'Lines 1.16 to 1.36: dates copied unchanged from the endoflife.date product file cited (at commit a70eca3, 2026-08-22), by compat import endoflife.',
    'Lines 1.16 to 1.36: dates copied unchanged from the endoflife.date product file cited (at commit a70eca3, 2026-08-22).',
  ],
  [
    'Maintenance mode is taken as the end of active support, as for the imported lines. This block is now kept by hand (no importedFrom), so a new import leaves it alone: add later lines here from the release pages.',
    'Maintenance mode is taken as the end of active support, as for the imported lines.',
  ],
  ['Written by compat import npm; edit the package instead.', null],
  // Versions and abbreviations do not end a sentence.
  [
    'Released as v1.2. It needs Go 1.22. See compat import docs.',
    'Released as v1.2. It needs Go 1.22.',
  ],
]

for (const [note, shown] of NOTES) {
  test(`a visitor reads “${note.slice(0, 50)}…” as ${shown === null ? 'nothing' : `“${shown.slice(0, 40)}…”`}`, () => {
    assert.deepEqual(visitorNotes([note]), shown === null ? [] : [shown])
  })
}
