import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  comesBefore,
  positionByKey,
  positionsOf,
  withChanges,
  type Direction,
  type KeyedId,
  type SortedIds,
} from './sorted-ids';

/**
 * The list cache's patch (sorted-ids.ts) against the plain answer: sorting the changed set from
 * scratch, for any list, any rows taken out and any put in — ties, null keys (Infinity) and both
 * directions included.
 */

function sorted(entries: KeyedId[], dir: Direction): SortedIds {
  const order = [...entries].sort((a, b) => (comesBefore(dir, a.key, a.id, b.key, b.id) ? -1 : 1));
  return { ids: Int32Array.from(order, (e) => e.id), keys: Float64Array.from(order, (e) => e.key) };
}

const key = fc.oneof(fc.integer({ min: 0, max: 20 }), fc.constant(Infinity));
const rows = fc.uniqueArray(fc.record({ id: fc.integer({ min: 1, max: 200 }), key }), {
  selector: (r) => r.id,
  maxLength: 60,
});

describe('sorted ids', () => {
  it('taking rows out and putting rows in equals sorting the result anew', () => {
    fc.assert(
      fc.property(
        rows,
        fc.constantFrom<Direction>('asc', 'desc'),
        fc.array(fc.boolean(), { maxLength: 60 }),
        fc.array(fc.record({ id: fc.integer({ min: 201, max: 400 }), key }), { maxLength: 20 }),
        fc.array(key, { maxLength: 60 }),
        (entries, dir, removeMask, fresh, movedKeys) => {
          const list = sorted(entries, dir);
          const removals: number[] = [];
          const inserts: KeyedId[] = [];
          const kept: KeyedId[] = [];
          list.ids.forEach((id, at) => {
            if (removeMask[at]) {
              removals.push(at);
              // Some removed rows come back with another key (an edit that moved them).
              const moved = movedKeys[at];
              if (moved !== undefined && at % 2 === 0) inserts.push({ id, key: moved });
            } else {
              kept.push({ id, key: list.keys[at]! });
            }
          });
          const freshOnce = fresh.filter((r, i) => fresh.findIndex((o) => o.id === r.id) === i);
          inserts.push(...freshOnce);
          const patched = withChanges(list, dir, removals, inserts);
          const expected = sorted([...kept, ...inserts], dir);
          expect(Array.from(patched.ids)).toEqual(Array.from(expected.ids));
          expect(Array.from(patched.keys)).toEqual(Array.from(expected.keys));
        },
      ),
      { numRuns: 500 },
    );
  });

  it('finds the rows whose key changed in one pass, each where indexOf finds it', () => {
    fc.assert(
      fc.property(rows, fc.uniqueArray(fc.integer({ min: 1, max: 260 }), { maxLength: 40 }), (entries, wanted) => {
        const list = sorted(entries, 'asc');
        const found = positionsOf(list.ids, new Set(wanted));
        const expected = wanted.map((id) => [id, list.ids.indexOf(id)] as const).filter(([, at]) => at >= 0);
        expect([...found].sort((a, b) => a[0] - b[0])).toEqual(expected.sort((a, b) => a[0] - b[0]));
      }),
    );
  });

  it('finds a row by its key, and not under another key', () => {
    fc.assert(
      fc.property(rows, fc.constantFrom<Direction>('asc', 'desc'), (entries, dir) => {
        const list = sorted(entries, dir);
        list.ids.forEach((id, at) => {
          expect(positionByKey(list, dir, list.keys[at]!, id)).toBe(at);
          const other = list.keys[at] === Infinity ? 0.5 : list.keys[at]! + 0.5;
          expect(positionByKey(list, dir, other, id)).toBe(-1);
        });
      }),
    );
  });
});
