/**
 * A fake SMTP server on loopback for tests of e-mail: it accepts every message and keeps who sent
 * it (the name the client greeted with), its recipients and its data. Optionally it holds the first
 * message of one client, never answering it, so a test can kill that client mid-send.
 */
import { createServer, type Server, type Socket } from "node:net"

/** A message the server accepted. */
export interface ReceivedMail {
  /** The name the client gave in EHLO/HELO. */
  readonly client: string
  /** The addresses of RCPT TO. */
  readonly recipients: ReadonlyArray<string>
  readonly data: string
}

export interface MailServer {
  readonly port: number
  readonly received: ReadonlyArray<ReceivedMail>
  /** Settles once the message to hold arrived (never, without `holdFirstFrom`). */
  readonly held: Promise<void>
  readonly close: () => Promise<void>
}

/**
 * Starts the server on a random port.
 *
 * @example
 * ```ts
 * const mail = await startMailServer({ holdFirstFrom: "process-a" })
 * const env = { FIELDREPORT_SMTP_URL: `smtp://127.0.0.1:${mail.port}/?name=process-a` }
 * ```
 */
export const startMailServer = async (
  options: { readonly holdFirstFrom?: string } = {},
): Promise<MailServer> => {
  const received: Array<ReceivedMail> = []
  let heldOnce = false
  let markHeld: () => void = () => {}
  const held = new Promise<void>((resolve) => {
    markHeld = resolve
  })
  const sockets = new Set<Socket>()
  const server: Server = createServer((socket) => {
    sockets.add(socket)
    socket.on("close", () => sockets.delete(socket))
    socket.on("error", () => {})
    let pending = ""
    let client = ""
    let inData = false
    let recipients: Array<string> = []
    socket.write("220 test ESMTP\r\n")
    socket.on("data", (chunk) => {
      pending += chunk.toString("utf8")
      for (;;) {
        if (inData) {
          const end = pending.indexOf("\r\n.\r\n")
          if (end === -1) return
          const data = pending.slice(0, end)
          pending = pending.slice(end + 5)
          inData = false
          if (client === options.holdFirstFrom && !heldOnce) {
            heldOnce = true
            markHeld()
            return
          }
          received.push({ client, recipients, data })
          recipients = []
          socket.write("250 queued\r\n")
          continue
        }
        const lineEnd = pending.indexOf("\r\n")
        if (lineEnd === -1) return
        const line = pending.slice(0, lineEnd)
        pending = pending.slice(lineEnd + 2)
        const [verb = "", argument = ""] = line.split(" ")
        const command = verb.toUpperCase()
        if (command === "EHLO" || command === "HELO") client = argument
        if (command === "RCPT") recipients.push(line.replace(/^RCPT TO:<(.*)>.*$/i, "$1"))
        if (command === "DATA") {
          inData = true
          socket.write("354 go ahead\r\n")
        } else if (command === "QUIT") {
          socket.end("221 bye\r\n")
          return
        } else socket.write("250 ok\r\n")
      }
    })
  })
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve))
  const address = server.address()
  const port = typeof address === "object" && address !== null ? address.port : 0
  return {
    port,
    received,
    held,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy()
        server.close(() => resolve())
      }),
  }
}
