import { parseDocument, LineCounter } from 'yaml'
import jsyaml from 'js-yaml'
for (const n of [8000, 32000]) {
  let text = `services:\n${Array.from({length:n},(_, i)=>`  a${i}:\n    image: node\n  b${i}: x\n`).join('')}`
  let t = performance.now(); parseDocument(text, { lineCounter: new LineCounter(), uniqueKeys: false }); console.log('unique keys', n, text.length, (performance.now() - t).toFixed(0))
  t = performance.now(); parseDocument(text); console.log('default opts', n, (performance.now() - t).toFixed(0))
  t = performance.now(); jsyaml.load(text); console.log('js-yaml', n, (performance.now() - t).toFixed(0))
}
