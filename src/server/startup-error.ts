/** How a server that cannot start says so: one line that says what to change, and one exit code. */

/** Exit code of every start-up error, in `npm start` and `compat serve` (docs/operations.md). */
export const STARTUP_ERROR_EXIT_CODE = 3

/** What went wrong at start-up, in words that say what to change. */
export function describeStartupError(error: unknown): string {
  const { code, address, port } = error as NodeJS.ErrnoException & {
    address?: string
    port?: number
  }
  if (code === 'EADDRINUSE') {
    return `port ${port} on ${address} is already in use; stop what listens there, or choose another port (PORT, --port)`
  }
  if (code === 'EACCES' && port !== undefined) {
    return `not allowed to listen on port ${port} on ${address}; choose a port above 1023 (PORT, --port)`
  }
  if (code === 'EADDRNOTAVAIL') {
    return `this machine has no address ${address} to listen on; set HOST (--host) to one of its addresses`
  }
  return (error as Error).message
}
