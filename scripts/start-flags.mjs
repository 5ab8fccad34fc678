/**
 * The node flags `npm start` runs the server with, as package.json's start script gives them:
 * the build writes the server's code cache under them (V8 accepts a cache only under the flags
 * it was made with), and the benchmark measures the server with them.
 */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { ROOT } from './build-inputs.mjs'

/** @type {readonly string[]} */
export const START_FLAGS = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8'))
  .scripts.start.split(' ')
  .filter((/** @type {string} */ word) => word.startsWith('--'))
