/** The text helpers every command's output uses live with the report writers (src/report). */
export {
  countOf,
  formatTable,
  shellQuote,
  withoutControlCharacters,
} from '../report/format-text.ts'
