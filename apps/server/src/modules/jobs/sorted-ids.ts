/**
 * A list's matching ids in the list's order with each row's sort key beside it, and the one
 * operation the list cache needs on them: take some rows out and put others in at their place
 * (list-cache.ts). The order is the SQL one: the key (ascending or descending; a null key, stored
 * as Infinity, first when descending and last when ascending, as PostgreSQL sorts NULL), then
 * the id descending.
 */

export type Direction = 'asc' | 'desc';

export interface SortedIds {
  ids: Int32Array;
  keys: Float64Array;
}

export interface KeyedId {
  id: number;
  key: number;
}

/** Whether (aKey, aId) comes before (bKey, bId) in the list. */
export function comesBefore(dir: Direction, aKey: number, aId: number, bKey: number, bId: number): boolean {
  if (aKey !== bKey) return dir === 'desc' ? aKey > bKey : aKey < bKey;
  return aId > bId;
}

/** How many entries of the list come before (key, id). */
export function insertionIndex(list: SortedIds, dir: Direction, key: number, id: number): number {
  let lo = 0;
  let hi = list.ids.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (comesBefore(dir, list.keys[mid]!, list.ids[mid]!, key, id)) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** Where `id` is in the list, if it is there with this key; else -1. */
export function positionByKey(list: SortedIds, dir: Direction, key: number, id: number): number {
  const at = insertionIndex(list, dir, key, id);
  return at < list.ids.length && list.ids[at] === id && list.keys[at] === key ? at : -1;
}

/**
 * Where each of `wanted` is in `ids` (those not there are left out), in one pass: the rows whose
 * key changed cannot be found by it, and looking each up on its own costs a pass per row — a trust
 * run that moves 50,000 advertisements would scan a 100,000-id list 50,000 times (issue 36).
 */
export function positionsOf(ids: Int32Array, wanted: ReadonlySet<number>): Map<number, number> {
  const found = new Map<number, number>();
  if (wanted.size === 0) return found;
  for (let at = 0; at < ids.length && found.size < wanted.size; at += 1) {
    if (wanted.has(ids[at]!)) found.set(ids[at]!, at);
  }
  return found;
}

/**
 * The list without the entries at `removals` (positions, any order, each once) and with
 * `inserts` (ids not left in the list) at their place. Copies in runs, so a change to a large
 * list costs two memory copies, not a sort.
 */
export function withChanges(list: SortedIds, dir: Direction, removals: number[], inserts: KeyedId[]): SortedIds {
  const removed = [...removals].sort((a, b) => a - b);
  const placed = inserts
    .map((entry) => ({ ...entry, at: insertionIndex(list, dir, entry.key, entry.id) }))
    .sort((a, b) => a.at - b.at || (comesBefore(dir, a.key, a.id, b.key, b.id) ? -1 : 1));
  const length = list.ids.length - removed.length + placed.length;
  const ids = new Int32Array(length);
  const keys = new Float64Array(length);
  let out = 0;
  let at = 0;
  let r = 0;
  let k = 0;
  const copyUntil = (end: number) => {
    ids.set(list.ids.subarray(at, end), out);
    keys.set(list.keys.subarray(at, end), out);
    out += end - at;
    at = end;
  };
  for (;;) {
    const nextRemoval = r < removed.length ? removed[r]! : Infinity;
    const nextInsert = k < placed.length ? placed[k]!.at : Infinity;
    const next = Math.min(nextRemoval, nextInsert, list.ids.length);
    copyUntil(next);
    if (nextInsert === next) {
      // An insert goes before the entry now at `next` (which may itself be removed next).
      ids[out] = placed[k]!.id;
      keys[out] = placed[k]!.key;
      out += 1;
      k += 1;
    } else if (nextRemoval === next) {
      at += 1;
      r += 1;
    } else {
      break;
    }
  }
  return { ids, keys };
}
