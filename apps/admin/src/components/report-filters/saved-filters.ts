/**
 * Filters a person saved under a name, kept in the browser's `localStorage` per user and team:
 * another person signing in on the same browser, or the same person in another team, has their
 * own list. A filter is kept as the query string the reports' address holds (`queryOf`), so a
 * saved filter reads back as a shared link does, and one that no longer parses gives every report.
 * Nothing is sent to the server: another browser does not have them.
 */

/** A filter saved under a name. */
export interface SavedFilter {
  readonly name: string
  /** The filter's query string, as `queryOf` writes it. */
  readonly query: string
}

/** Whose saved filters: a user in a team. */
export interface Owner {
  readonly userId: number
  readonly teamId: number
}

/**
 * The `localStorage` key of an owner's saved filters.
 *
 * @example
 * ```ts
 * storageKey({ userId: 7, teamId: 3 }) // "fieldreport.saved-filters.7.3"
 * ```
 */
export const storageKey = (owner: Owner): string =>
  `fieldreport.saved-filters.${owner.userId}.${owner.teamId}`

const isSaved = (value: unknown): value is SavedFilter =>
  typeof value === "object" &&
  value !== null &&
  typeof (value as SavedFilter).name === "string" &&
  typeof (value as SavedFilter).query === "string"

/**
 * An owner's saved filters, by name; none when nothing (or something unreadable) is stored.
 *
 * @example
 * ```ts
 * savedFilters(localStorage, owner) // [{ name: "Open potholes", query: "filter%5Bq%5D=pothole" }]
 * ```
 */
export const savedFilters = (storage: Storage, owner: Owner): ReadonlyArray<SavedFilter> => {
  try {
    const stored: unknown = JSON.parse(storage.getItem(storageKey(owner)) ?? "[]")
    return Array.isArray(stored) ? stored.filter(isSaved) : []
  } catch {
    return []
  }
}

const write = (storage: Storage, owner: Owner, filters: ReadonlyArray<SavedFilter>) => {
  const sorted = [...filters].sort((a, b) => a.name.localeCompare(b.name))
  storage.setItem(storageKey(owner), JSON.stringify(sorted))
  return sorted
}

/**
 * Saves a filter under its name, replacing one of the same name, and answers the list.
 *
 * @example
 * ```ts
 * saveFilter(localStorage, owner, { name: "Open potholes", query: queryOf(filter) })
 * ```
 */
export const saveFilter = (storage: Storage, owner: Owner, saved: SavedFilter): ReadonlyArray<SavedFilter> =>
  write(storage, owner, [...savedFilters(storage, owner).filter((other) => other.name !== saved.name), saved])

/**
 * Deletes the saved filter of a name and answers the list.
 *
 * @example
 * ```ts
 * deleteFilter(localStorage, owner, "Open potholes")
 * ```
 */
export const deleteFilter = (storage: Storage, owner: Owner, name: string): ReadonlyArray<SavedFilter> =>
  write(
    storage,
    owner,
    savedFilters(storage, owner).filter((other) => other.name !== name),
  )
