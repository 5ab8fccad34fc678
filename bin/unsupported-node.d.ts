/** What `compat` says on a Node.js too old to run it (unsupported-node.js). */
export declare function unsupportedNodeMessage(
  version: string,
  args: readonly string[],
  ownNode: boolean,
): string
