/**
 * `fr-users-added`: users were added to channels of a team (or invited to them).
 */

/**
 * Fired by `fr-add-users` after the server answered; the team view reloads its users list.
 *
 * @example
 * ```ts
 * this.dispatchEvent(new UsersAddedEvent([6, 9]))
 * view.addEventListener("fr-users-added", () => usersTable.load(0))
 * ```
 */
export class UsersAddedEvent extends Event {
  static readonly eventName = "fr-users-added"
  readonly userIds: ReadonlyArray<number>

  constructor(userIds: ReadonlyArray<number>) {
    super(UsersAddedEvent.eventName, { bubbles: true, composed: true })
    this.userIds = userIds
  }
}

declare global {
  interface HTMLElementEventMap {
    "fr-users-added": UsersAddedEvent
  }
}
