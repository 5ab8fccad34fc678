/** The server as `npm start` and the container run it: settings from the environment, errors as one line. */
import { runServer } from './run-server.ts'
import { optionsFromEnvironment } from './settings.ts'
import { describeStartupError, STARTUP_ERROR_EXIT_CODE } from './startup-error.ts'

export async function main(): Promise<void> {
  try {
    await runServer(optionsFromEnvironment(process.env))
  } catch (error) {
    console.error(`compat: cannot start: ${describeStartupError(error)}`)
    process.exit(STARTUP_ERROR_EXIT_CODE)
  }
}
