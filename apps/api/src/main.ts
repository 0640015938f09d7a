/**
 * `npm start`: runs the API until SIGTERM or SIGINT, then stops gracefully.
 */
import { startServer } from "./Server.ts"

const server = await startServer()
for (const signal of ["SIGTERM", "SIGINT"] as const) {
  process.once(signal, () => {
    void server.stop().then(() => process.exit(0))
  })
}
