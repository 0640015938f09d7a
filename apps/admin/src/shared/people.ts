/**
 * The platform's users as administrators pick them: by name or e-mail address in a text field
 * with suggestions (a `<datalist>`), since a platform's users are too many for a select, and the
 * users list has no search of its own. Only platform administrators may read the list.
 */
import type { AdminUser } from "@fieldreport/domain/User"
import type { Connection } from "./connection.ts"
import { run } from "./run.ts"
import { fullName } from "./team.ts"

/** A person as lists of people give them. */
export interface Person {
  readonly id: number
  readonly email: string
  readonly first_name: string
  readonly last_name: string
}

/** The widest page the API answers. */
const PAGE = 100

/**
 * Every user of the platform, page after page, in the order the API keeps them.
 *
 * @example
 * ```ts
 * const users = await platformUsers(connection) // [{ id: 1, email: "admin@example.com", … }, …]
 * ```
 */
export const platformUsers = async (connection: Connection): Promise<ReadonlyArray<AdminUser>> => {
  const users: Array<AdminUser> = []
  for (;;) {
    const page = await run(
      connection.client.page("listUsers", { start: users.length, end: users.length + PAGE - 1 }),
    )
    users.push(...page.items)
    if (page.items.length === 0 || page.total === undefined || users.length >= page.total) return users
  }
}

/**
 * A person as the suggestions show them and a field takes them back: name and e-mail address.
 *
 * @example
 * ```ts
 * personLabel({ id: 7, email: "ana@example.com", first_name: "Ana", last_name: "Lee" })
 * // "Ana Lee <ana@example.com>"
 * ```
 */
export const personLabel = (person: Person): string => {
  const name = fullName(person)
  return name === "" ? person.email : `${name} <${person.email}>`
}

/**
 * The person a field's text names: a suggestion as chosen, an e-mail address, a name that only
 * one person has, or an id. Undefined when the text names nobody, or several people.
 *
 * @example
 * ```ts
 * findPerson(people, "Ana Lee <ana@example.com>") // Ana
 * findPerson(people, "ANA@example.com") // Ana
 * findPerson(people, "7") // the person with id 7
 * ```
 */
export const findPerson = <P extends Person>(people: ReadonlyArray<P>, text: string): P | undefined => {
  const wanted = text.trim().toLowerCase()
  if (wanted === "") return undefined
  if (/^\d+$/.test(wanted)) return people.find((person) => person.id === Number(wanted))
  const matching = people.filter(
    (person) =>
      personLabel(person).toLowerCase() === wanted ||
      person.email.toLowerCase() === wanted ||
      fullName(person).toLowerCase() === wanted,
  )
  return matching.length === 1 ? matching[0] : undefined
}
