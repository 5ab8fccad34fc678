/** The `compat` command's entry point (bin/compat.js, `npm run data:validate`): the real process. */
import { runCli } from './run-cli.ts'

// `compat stale | head` closes the pipe early; that is not an error worth a stack trace.
process.stdout.on('error', (error: NodeJS.ErrnoException) => {
  if (error.code !== 'EPIPE') throw error
  process.exit(process.exitCode ?? 0)
})

process.exitCode = await runCli(process.argv.slice(2), {
  cwd: process.cwd(),
  env: process.env,
  out: (line) => process.stdout.write(`${line}\n`),
  err: (line) => process.stderr.write(`${line}\n`),
})
