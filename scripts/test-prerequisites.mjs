/**
 * Before `npm test`: the suite drives Chromium (the web page), nginx (the caching proxy),
 * openssl (HTTPS certificates) and xmllint (the sitemap's schema). Installs what is missing with the system's package manager
 * when it may (root, or sudo without a password, and apt-get), as .ci/run does; otherwise
 * stops at once with one line saying what to install.
 */
import { execFileSync, spawnSync } from 'node:child_process'
import { accessSync, constants } from 'node:fs'
import { delimiter, join } from 'node:path'

const chromium = process.env.CHROMIUM_PATH || '/usr/bin/chromium'
const needed = [
  { command: chromium, package: 'chromium', what: 'Chromium (the web page tests; or set CHROMIUM_PATH)' },
  { command: 'nginx', package: 'nginx-light', what: 'nginx (the caching proxy tests)' },
  { command: 'openssl', package: 'openssl', what: 'openssl (the HTTPS tests)' },
  { command: 'xmllint', package: 'libxml2-utils', what: 'xmllint (the sitemap test)' },
]

const missing = needed.filter(({ command }) => !runnable(command))
if (missing.length === 0) process.exit(0)

const packages = missing.map((item) => item.package)
const root = process.getuid?.() === 0
const sudo = !root && runnable('sudo') && spawnSync('sudo', ['-n', 'true']).status === 0
if (runnable('apt-get') && (root || sudo)) {
  console.error(`npm test: installing ${packages.join(', ')} with apt-get (the tests need them)`)
  const run = (args) =>
    execFileSync(root ? 'apt-get' : 'sudo', root ? args : ['apt-get', ...args], {
      stdio: ['ignore', 'ignore', 'inherit'],
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    })
  try {
    run(['update', '-qq'])
    run(['install', '-y', '-qq', ...packages])
  } catch {
    stop()
  }
  if (missing.every(({ command }) => runnable(command))) process.exit(0)
}
stop()

function stop() {
  console.error(
    `npm test needs ${missing.map((item) => item.what).join(', ')}: install ${packages.join(' ')} (Debian, Ubuntu: sudo apt-get install -y ${packages.join(' ')}) and run it again`,
  )
  process.exit(1)
}

/** Whether a command (a name on PATH, or a path) can be run. */
function runnable(command) {
  const candidates = command.includes('/')
    ? [command]
    : (process.env.PATH ?? '').split(delimiter).map((dir) => join(dir, command))
  return candidates.some((path) => {
    try {
      accessSync(path, constants.X_OK)
      return true
    } catch {
      return false
    }
  })
}
