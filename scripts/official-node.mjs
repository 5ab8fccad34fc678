/**
 * The official Node.js binary and headers of a given version or line for this machine, from
 * the npm registry npm is configured with (the package node-<platform>-<arch>, the one the
 * `node` dev dependency installs), fetched once into node_modules/.cache/. For what needs a
 * Node other than the project's own: the unit tests under the oldest line engines admit, and
 * native addons built against the project's Node where the machine's npm points node-gyp at
 * another Node's headers.
 */
import { execFileSync } from 'node:child_process'
import { existsSync, mkdirSync, readdirSync } from 'node:fs'
import { join } from 'node:path'
import { ROOT } from './build-inputs.mjs'

/**
 * The unpacked package's directory (`bin/node`, `include/node/`) of `version`: `22` for the
 * newest 22.x, or an exact `24.21.0`.
 * @param {string} version
 * @returns {string}
 */
export function officialNode(version) {
  const platform = process.platform === 'win32' ? 'win' : process.platform
  const name = `node-${platform}-${process.arch}`
  const cache = join(ROOT, 'node_modules', '.cache', `${name}-${version}`)
  const dir = join(cache, 'package')
  if (!existsSync(join(dir, 'bin', 'node'))) {
    mkdirSync(cache, { recursive: true })
    // npm pack: the tarball from the configured registry, nothing installed or run.
    execFileSync('npm', ['pack', '--silent', `${name}@${version}`, '--pack-destination', cache], {
      stdio: ['ignore', 'ignore', 'inherit'],
    })
    const tarball = readdirSync(cache).find((file) => file.endsWith('.tgz'))
    if (tarball === undefined) throw new Error(`npm pack ${name}@${version} left no tarball`)
    execFileSync('tar', ['-xzf', join(cache, tarball), '-C', cache])
  }
  return dir
}
