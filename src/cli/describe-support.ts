/** Support windows in words live with the report writers (src/report/support-words.ts). */
export { daysLeftWords, statusWords, supportEndWords } from '../report/support-words.ts'
