/**
 * A tiny OLE compound file writer for tests: a header, one allocation-table sector and a directory
 * naming the given storages and streams (their contents stay empty: only the names tell Word,
 * Excel and PowerPoint files apart).
 */

/** A directory entry: a stream, or a storage when it has children. */
export interface CompoundEntry {
  readonly name: string
  readonly children?: ReadonlyArray<CompoundEntry>
}

const sectorLength = 512
const noStream = 0xffffffff
const endOfChain = 0xfffffffe
const fatSectorMark = 0xfffffffd

interface Flat {
  readonly name: string
  readonly type: number
  right: number
  child: number
}

/**
 * A compound file whose root holds `topLevel`. Siblings are chained through their right links,
 * a valid (if unbalanced) directory tree.
 *
 * @example
 * ```ts
 * const doc = compoundFile([{ name: "WordDocument" }, { name: "1Table" }])
 * ```
 */
export const compoundFile = (topLevel: ReadonlyArray<CompoundEntry>): Buffer => {
  const flat: Array<Flat> = [{ name: "Root Entry", type: 5, right: noStream, child: noStream }]
  const add = (entries: ReadonlyArray<CompoundEntry>): number => {
    let first = noStream
    let previous: Flat | undefined
    for (const entry of entries) {
      const index = flat.length
      const node: Flat = { name: entry.name, type: entry.children ? 1 : 2, right: noStream, child: noStream }
      flat.push(node)
      if (previous) previous.right = index
      else first = index
      previous = node
      if (entry.children) node.child = add(entry.children)
    }
    return first
  }
  const root = flat[0]
  if (root) root.child = add(topLevel)

  const perSector = sectorLength / 128
  const directorySectors = Math.ceil(flat.length / perSector)
  const header = Buffer.alloc(sectorLength)
  Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]).copy(header, 0)
  header.writeUInt16LE(0x3e, 0x18)
  header.writeUInt16LE(3, 0x1a)
  header.writeUInt16LE(0xfffe, 0x1c)
  header.writeUInt16LE(9, 0x1e)
  header.writeUInt16LE(6, 0x20)
  header.writeUInt32LE(1, 0x2c) // one allocation-table sector
  header.writeUInt32LE(1, 0x30) // the directory starts at sector 1
  header.writeUInt32LE(0x1000, 0x38)
  header.writeUInt32LE(endOfChain, 0x3c)
  header.writeUInt32LE(endOfChain, 0x44)
  for (let index = 0; index < 109; index++) header.writeUInt32LE(index === 0 ? 0 : noStream, 0x4c + index * 4)

  const fat = Buffer.alloc(sectorLength, 0xff)
  fat.writeUInt32LE(fatSectorMark, 0)
  for (let sector = 1; sector <= directorySectors; sector++) {
    fat.writeUInt32LE(sector === directorySectors ? endOfChain : sector + 1, sector * 4)
  }

  const directory = Buffer.alloc(directorySectors * sectorLength)
  for (let index = 0; index < directorySectors * perSector; index++) {
    const at = index * 128
    const entry = flat[index]
    directory.writeUInt32LE(noStream, at + 0x44)
    directory.writeUInt32LE(entry?.right ?? noStream, at + 0x48)
    directory.writeUInt32LE(entry?.child ?? noStream, at + 0x4c)
    if (entry === undefined) continue
    const name = Buffer.from(`${entry.name}\0`, "utf16le")
    name.copy(directory, at)
    directory.writeUInt16LE(name.length, at + 0x40)
    directory.writeUInt8(entry.type, at + 0x42)
    directory.writeUInt8(1, at + 0x43)
    directory.writeUInt32LE(endOfChain, at + 0x74)
  }
  return Buffer.concat([header, fat, directory])
}
