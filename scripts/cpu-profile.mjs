/**
 * `npm run profile -- PID [SECONDS] [FILE]`: a CPU profile of a running server, without
 * restarting it. SIGUSR1 opens Node's inspector on 127.0.0.1:9229 (loopback only); this script
 * connects, samples for SECONDS (10), writes FILE (compat-<pid>.cpuprofile, for Chrome
 * DevTools' Performance panel or any .cpuprofile viewer), prints the functions with the most
 * self time, and closes the inspector again. docs/operations.md, "Profiling a running server".
 */
import { writeFileSync } from 'node:fs'
import { setTimeout as sleep } from 'node:timers/promises'

const [pidText, secondsText = '10', file] = process.argv.slice(2)
const pid = Number(pidText)
const seconds = Number(secondsText)
if (!Number.isInteger(pid) || pid <= 0 || !(seconds > 0)) {
  console.error('usage: npm run profile -- PID [SECONDS] [FILE]')
  process.exit(2)
}
const out = file ?? `compat-${pid}.cpuprofile`

process.kill(pid, 'SIGUSR1')
let target
for (let attempt = 0; attempt < 50 && target === undefined; attempt++) {
  await sleep(100)
  target = await fetch('http://127.0.0.1:9229/json/list')
    .then((response) => response.json())
    .then((list) => list[0]?.webSocketDebuggerUrl)
    .catch(() => undefined)
}
if (target === undefined) {
  console.error(`profile: process ${pid} opened no inspector on 127.0.0.1:9229`)
  process.exit(1)
}

const socket = new WebSocket(target)
await new Promise((resolve, reject) => {
  socket.onopen = resolve
  socket.onerror = reject
})
let nextId = 0
const replies = new Map()
socket.onmessage = (event) => {
  const message = JSON.parse(event.data)
  replies.get(message.id)?.(message)
  replies.delete(message.id)
}
/** One inspector command, answered. */
const send = (method, params = {}) =>
  new Promise((resolve, reject) => {
    const id = ++nextId
    replies.set(id, (message) => (message.error ? reject(new Error(message.error.message)) : resolve(message.result)))
    socket.send(JSON.stringify({ id, method, params }))
  })

await send('Profiler.enable')
await send('Profiler.setSamplingInterval', { interval: 100 })
await send('Profiler.start')
console.error(`profile: sampling process ${pid} for ${seconds} s`)
await sleep(seconds * 1000)
const { profile } = await send('Profiler.stop')
writeFileSync(out, JSON.stringify(profile))
// Closes the inspector in the server again, so that nothing stays listening on 9229; the
// session ends with it, so no answer comes.
socket.send(
  JSON.stringify({
    id: ++nextId,
    method: 'Runtime.evaluate',
    params: { expression: "process.getBuiltinModule('node:inspector').close()" },
  }),
)
socket.close()

// Self time per function (name and place), from the samples.
const byNode = new Map(profile.nodes.map((node) => [node.id, node]))
const self = new Map()
for (const id of profile.samples) {
  const { callFrame } = byNode.get(id)
  const place = callFrame.url === '' ? '' : ` ${callFrame.url.replace(/^.*\/(dist|src|node_modules)\//, '$1/')}:${callFrame.lineNumber + 1}`
  const key = `${callFrame.functionName || '(anonymous)'}${place}`
  self.set(key, (self.get(key) ?? 0) + 1)
}
const total = profile.samples.length
console.log(`${out}: ${total} samples; the functions with the most self time:`)
for (const [key, count] of [...self].sort((a, b) => b[1] - a[1]).slice(0, 20)) {
  console.log(`${((100 * count) / total).toFixed(1).padStart(5)} %  ${key}`)
}
