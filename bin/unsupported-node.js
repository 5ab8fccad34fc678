// What `compat` says on a Node.js too old to run it: plain JavaScript that any Node still
// parses, so that the message itself never fails. In a checkout, `npm ci` installed the
// project's own Node (the `node` dev dependency), which `npx compat …` runs.

/** An argument as a POSIX shell reads it back. */
function shellWord(word) {
  return /^[\w@%+=:,./-]+$/.test(word) ? word : `'${word.replaceAll("'", "'\\''")}'`
}

/**
 * @param {string} version the running Node's version (`v20.20.2`)
 * @param {readonly string[]} args the command's arguments
 * @param {boolean} ownNode whether the checkout has the project's Node in node_modules
 * @returns {string}
 */
export function unsupportedNodeMessage(version, args, ownNode) {
  const command = ['npx', 'compat', ...args.map(shellWord)].join(' ')
  const how = ownNode
    ? `this checkout has its own Node (npm ci installed it): run ${command}`
    : 'install Node.js 24 LTS (or 22.18 or later) and run compat again'
  return `compat: needs Node.js 22.18 or later, and this is ${version}; ${how}`
}
