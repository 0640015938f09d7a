/**
 * The column values of a partial update, as every store writes them.
 */

/**
 * The changes given, as column values: a change left undefined is no change, and booleans are
 * written as 0/1 (SQLite has no boolean type).
 *
 * @example
 * ```ts
 * changedColumns({ name: "Roads", feature_tasks_enabled: true, industry: undefined })
 * // { name: "Roads", feature_tasks_enabled: 1 }
 * ```
 */
export const changedColumns = (changes: object): Record<string, unknown> =>
  Object.fromEntries(
    Object.entries(changes)
      .filter(([, value]) => value !== undefined)
      .map(([name, value]) => [name, typeof value === "boolean" ? Number(value) : value]),
  )
