/**
 * `npm run dev`: the server from the TypeScript sources, restarted by `node --watch` on a change
 * in src/ or web/; the page is bundled again into dist/web/ before each start (a few hundred ms).
 */
import { writeWebBundle } from './bundle-web.ts'

await writeWebBundle()
const { main } = await import('../src/server.ts')
await main()
