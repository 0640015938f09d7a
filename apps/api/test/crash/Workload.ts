/**
 * The writes of the crash test: concurrent writers file reports (some with a photo), upsert
 * reports by source id, create tasks and upload files against a server that may die at any
 * moment. Every attempt is logged with what it sent, and marked acknowledged when the server
 * answered it with a 2xx, so a check afterwards knows what must exist (the acknowledged) and what
 * may exist (every attempt), and what each must hold.
 */
import { randomUUID } from "node:crypto"

/** The team, channel and form the writes go to, made once through the API. */
export interface Target {
  readonly token: string
  readonly userId: number
  readonly teamId: number
  readonly channelId: number
  /** Keys of the channel's default form: the Description and the Image field. */
  readonly descriptionKey: string
  readonly imageKey: string
}

/** A report filed with a client uuid, and its photo when it has one. */
export interface ReportWrite {
  readonly kind: "report"
  readonly uuid: string
  readonly address: string
  readonly description: string
  readonly attachmentId: number | undefined
  ackedId?: number
}

/** An upsert of the report with a source id, setting its address. */
export interface UpsertWrite {
  readonly kind: "upsert"
  readonly sourceId: string
  readonly address: string
  ackedId?: number
}

/** A task about an acknowledged report. */
export interface TaskWrite {
  readonly kind: "task"
  readonly uuid: string
  readonly title: string
  readonly reportId: number
  acked?: boolean
}

/** An upload of one of the test's images. */
export interface UploadWrite {
  readonly kind: "upload"
  /** Which of the images was sent. */
  readonly image: number
  acked?: { readonly id: number; readonly originalPath: string; readonly thumbPath: string }
}

/** One attempted write. */
export type Write = ReportWrite | UpsertWrite | TaskWrite | UploadWrite

/** Every attempt, and the answers that were neither a 2xx nor a lost connection. */
export interface WriteLog {
  readonly writes: Array<Write>
  readonly unexpected: Array<string>
}

/** Source ids per writer: few, so that most upserts update. */
const sourceIdsPerWriter = 3

/** The path and query of an absolute address the server signed (its origin is the old port's). */
const pathOf = (url: string): string => {
  const parsed = new URL(url)
  return `${parsed.pathname}${parsed.search}`
}

/**
 * Runs `writers` concurrent writers against `url` until `signal` aborts or the server stops
 * answering; each attempt goes into `log`.
 *
 * @example
 * ```ts
 * const stop = new AbortController()
 * const running = runWriters(url, target, images, log, 6, stop.signal)
 * await server.kill()
 * await running
 * ```
 */
export const runWriters = (
  url: string,
  target: Target,
  images: ReadonlyArray<Uint8Array>,
  log: WriteLog,
  writers: number,
  signal: AbortSignal,
): Promise<void> =>
  Promise.all(
    Array.from({ length: writers }, (_, writer) =>
      writeUntilStopped(url, target, images, log, writer, signal),
    ),
  ).then(() => undefined)

const writeUntilStopped = async (
  url: string,
  target: Target,
  images: ReadonlyArray<Uint8Array>,
  log: WriteLog,
  writer: number,
  signal: AbortSignal,
): Promise<void> => {
  const headers = {
    Authorization: `Token token=${target.token}`,
    "Content-Type": "application/json",
    "X-TeamId": String(target.teamId),
  }
  /** Sends a JSON write; the parsed body of a 2xx, undefined once the server is gone. */
  const send = async (method: string, path: string, body: unknown, write: Write) => {
    log.writes.push(write)
    const response = await fetch(`${url}${path}`, { method, headers, body: JSON.stringify(body) })
    const text = await response.text()
    if (response.status >= 200 && response.status < 300) return text === "" ? {} : JSON.parse(text)
    log.unexpected.push(`${method} ${path} answered ${response.status}: ${text}`)
    return undefined
  }
  const upload = async () => {
    const image = Math.floor(Math.random() * images.length)
    const write: UploadWrite = { kind: "upload", image }
    log.writes.push(write)
    const form = new FormData()
    form.append("file", new Blob([new Uint8Array(images[image] ?? [])]), `photo-${image}.png`)
    const response = await fetch(`${url}/api/v4/file_attachments`, {
      method: "POST",
      headers: { Authorization: headers.Authorization },
      body: form,
    })
    const text = await response.text()
    if (response.status !== 201) {
      log.unexpected.push(`upload answered ${response.status}: ${text}`)
      return undefined
    }
    const body = JSON.parse(text)
    write.acked = {
      id: body.id,
      originalPath: pathOf(body.original_url),
      thumbPath: pathOf(body.style_url.thumb),
    }
    return write.acked.id
  }
  const fileReport = async (attachmentId: number | undefined) => {
    const uuid = randomUUID()
    const write: ReportWrite = {
      kind: "report",
      uuid,
      address: `${writer} Quay St ${uuid.slice(0, 8)}`,
      description: `Oil on the water, seen by writer ${writer}, ${uuid}`,
      attachmentId,
    }
    const body = await send(
      "POST",
      "/api/v4/reports",
      {
        report: {
          uuid,
          account_id: target.channelId,
          location: { latitude: -41.3 + Math.random() / 10, longitude: 174.7 + Math.random() / 10 },
          address: write.address,
          [target.descriptionKey]: write.description,
          ...(attachmentId === undefined ? {} : { [target.imageKey]: [attachmentId] }),
        },
      },
      write,
    )
    if (body !== undefined) write.ackedId = body.id
  }
  const upsert = async () => {
    const sourceId = `writer-${writer}-gauge-${Math.floor(Math.random() * sourceIdsPerWriter)}`
    const write: UpsertWrite = { kind: "upsert", sourceId, address: `Weir ${randomUUID()}` }
    const body = await send(
      "POST",
      "/api/v4/reports/upsert",
      {
        report: {
          account_id: target.channelId,
          source_id: sourceId,
          address: write.address,
          location: { latitude: -41.2, longitude: 174.8 },
        },
      },
      write,
    )
    if (body !== undefined) write.ackedId = body.id
  }
  const createTask = async () => {
    const reports = log.writes.filter(
      (write): write is ReportWrite => write.kind === "report" && write.ackedId !== undefined,
    )
    const report = reports[Math.floor(Math.random() * reports.length)]
    if (report?.ackedId === undefined) return fileReport(undefined)
    const uuid = randomUUID()
    const write: TaskWrite = { kind: "task", uuid, title: `Inspect ${uuid}`, reportId: report.ackedId }
    const body = await send(
      "POST",
      "/api/v4/tasks",
      {
        task: {
          uuid,
          client_created_at: new Date().toISOString(),
          title: write.title,
          description: "Look for oil.",
          assignee_id: target.userId,
          report_id: report.ackedId,
        },
      },
      write,
    )
    if (body !== undefined) write.acked = true
  }

  try {
    while (!signal.aborted) {
      const roll = Math.random()
      if (roll < 0.2) await fileReport(undefined)
      else if (roll < 0.35) {
        const attachmentId = await upload()
        if (attachmentId !== undefined) await fileReport(attachmentId)
      } else if (roll < 0.55) await upsert()
      else if (roll < 0.8) await createTask()
      else await upload()
    }
  } catch {
    // The server died under the request: what it did with it is for the checks to find out.
  }
}
