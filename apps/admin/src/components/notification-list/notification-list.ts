/**
 * The current user's notifications: unread ones stand out, opening one marks it read and opens its
 * report, and each can be archived, brought back or deleted.
 */

import type { Notification } from "@fieldreport/domain/Notification"
import { msg, str } from "@lit/localize"
import { html, nothing } from "lit"
import { ReportSelectEvent } from "../../events/report-select.ts"
import { ApiElement } from "../../shared/ApiElement.ts"
import type { Connection } from "../../shared/connection.ts"
import { errorText, run } from "../../shared/run.ts"
import { formatCount } from "../../shared/size.ts"
import { formatTime } from "../../shared/time.ts"
import { styles } from "./notification-list.styles.ts"

/**
 * @summary The user's notifications with their read and archived states.
 *
 * @csspart notification - One notification row; it also has the class `unread` until read.
 *
 * @cssproperty --fr-color-accent - Marks unread notifications.
 *
 * @event fr-report-select - When a notification is opened; `reportId` is its report.
 *
 * @example
 * ```html
 * <fr-notification-list base-url="https://reports.example.com" token="…"></fr-notification-list>
 * ```
 */
export class NotificationList extends ApiElement {
  static override styles = styles
  static override properties = {
    ...ApiElement.properties,
    archived: { type: Boolean },
    notifications: { state: true },
    total: { state: true },
    problem: { state: true },
  }

  /** Shows archived notifications instead of the current ones. */
  declare archived: boolean
  declare notifications: ReadonlyArray<Notification>
  declare total: number | undefined
  declare problem: string | undefined

  constructor() {
    super()
    this.archived = false
    this.notifications = []
    this.total = undefined
    this.problem = undefined
  }

  protected override connected(_connection: Connection): void {
    void this.load()
  }

  /** Loads the newest notifications of the shown kind (current or archived). */
  async load(): Promise<void> {
    const connection = this.connection
    if (connection === undefined) return
    try {
      const page = await run(
        connection.client.page(
          "listNotifications",
          { start: 0, end: 99 },
          { query: { archived: this.archived, orderby: "read asc,report.updated_at desc" } },
        ),
      )
      this.notifications = page.items
      this.total = page.total
      this.problem = undefined
    } catch (error) {
      this.problem = errorText(error)
    }
  }

  async #act(action: (connection: Connection) => Promise<unknown>): Promise<void> {
    const connection = this.connection
    if (connection === undefined) return
    try {
      await action(connection)
      await this.load()
    } catch (error) {
      this.problem = errorText(error)
    }
  }

  #open(notification: Notification): Promise<void> {
    // Fetching the notification is what marks it read on the server.
    return this.#act(async (connection) => {
      await run(connection.client.call("getNotification", { path: { id: notification.id } }))
      this.dispatchEvent(new ReportSelectEvent(notification.report_id))
    })
  }

  #archive(notification: Notification, archived: boolean): Promise<void> {
    return this.#act((connection) =>
      run(
        connection.client.call("updateNotification", {
          path: { id: notification.id },
          body: { notification: { archived } },
        }),
      ),
    )
  }

  #delete(notification: Notification): Promise<void> {
    return this.#act((connection) =>
      run(connection.client.call("deleteNotification", { path: { id: notification.id } })),
    )
  }

  override render() {
    const unread = this.notifications.filter((notification) => !notification.read).length
    return html`
      <div class="toolbar">
        <strong>${
          this.archived
            ? msg("Archived notifications", { id: "notificationList.archived" })
            : msg(str`Notifications (${formatCount(unread)} unread)`, { id: "notificationList.title" })
        }</strong>
        <button
          aria-pressed=${this.archived ? "true" : "false"}
          @click=${() => {
            this.archived = !this.archived
            void this.load()
          }}
        >
          ${
            this.archived
              ? msg("Show current", { id: "notificationList.showCurrent" })
              : msg("Show archived", { id: "notificationList.showArchived" })
          }
        </button>
        <button @click=${() => this.load()}>${msg("Refresh", { id: "reportExports.refresh" })}</button>
      </div>
      ${this.problem === undefined ? nothing : html`<p class="error" role="alert">${this.problem}</p>`}
      ${this.notifications.length === 0 ? html`<p class="muted">${msg("No notifications.", { id: "notificationList.none" })}</p>` : nothing}
      <ul aria-label=${msg("Notifications", { id: "notificationList.list" })}>
        ${this.notifications.map(
          (notification) => html`
            <li part="notification" class=${notification.read ? "read" : "unread"}>
              <span>
                ${notification.read ? "" : html`<span class="visually-hidden">${msg("Unread:", { id: "notificationList.unread" })} </span>`}${msg(str`Report #${notification.report_id}`, { id: "notificationList.report" })}
                <span class="when">${formatTime(notification.created_at)}</span>
              </span>
              <span class="actions">
                <button @click=${() => this.#open(notification)}>${msg("Open", { id: "notificationList.open" })}<span class="visually-hidden"> ${msg(str`report ${notification.report_id}`, { id: "notificationList.openWhat" })}</span></button>
                <button @click=${() => this.#archive(notification, !notification.archived)}>
                  ${notification.archived ? msg("Unarchive", { id: "notificationList.unarchive" }) : msg("Archive", { id: "notificationList.archive" })}<span class="visually-hidden"> ${msg(str`notification about report ${notification.report_id}`, { id: "notificationList.about" })}</span>
                </button>
                <button @click=${() => this.#delete(notification)}>${msg("Delete", { id: "notificationList.delete" })}<span class="visually-hidden"> ${msg(str`notification about report ${notification.report_id}`, { id: "notificationList.about" })}</span></button>
              </span>
            </li>
          `,
        )}
      </ul>
    `
  }
}

customElements.define("fr-notification-list", NotificationList)

declare global {
  interface HTMLElementTagNameMap {
    "fr-notification-list": NotificationList
  }
}
