/**
 * `node bin/compat.js` on a Node.js too old for it names the command that works: in a checkout,
 * `npx compat …` with the same arguments (npm ci installed the project's Node), else which Node
 * to install. The message is plain JavaScript any Node parses.
 */
import assert from 'node:assert/strict'
import { test } from 'node:test'
import { unsupportedNodeMessage } from '../../bin/unsupported-node.js'

// [arguments, the project's Node installed, the message]
const CASES: readonly (readonly [readonly string[], boolean, string])[] = [
  [
    ['plan', 'stack.yaml', '--target', 'kubernetes=1.34'],
    true,
    'compat: needs Node.js 22.18 or later, and this is v20.20.2; this checkout has its own Node (npm ci installed it): run npx compat plan stack.yaml --target kubernetes=1.34',
  ],
  [
    ['check', '--project', 'django', "it's here", 'a b'],
    true,
    "compat: needs Node.js 22.18 or later, and this is v20.20.2; this checkout has its own Node (npm ci installed it): run npx compat check --project django 'it'\\''s here' 'a b'",
  ],
  [
    ['--help'],
    false,
    'compat: needs Node.js 22.18 or later, and this is v20.20.2; install Node.js 24 LTS (or 22.18 or later) and run compat again',
  ],
]

for (const [args, ownNode, message] of CASES) {
  test(`an old Node: compat ${args.join(' ')}${ownNode ? ' in a checkout' : ''}`, () => {
    assert.equal(unsupportedNodeMessage('v20.20.2', args, ownNode), message)
  })
}
