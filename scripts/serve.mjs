// `npm start` and `npm run serve`: the server as `npm run build` bundled it, else its sources through
// tsx, and then it says so (scripts/run-built.mjs). Plain JavaScript: nothing compiles this file.
import { runBuilt } from './run-built.mjs'

await runBuilt('node', () =>
  console.warn(
    'The server is not built or its sources changed since (npm run build): running the sources through tsx.',
  ),
)
