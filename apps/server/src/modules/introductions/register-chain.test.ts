import { describe, expect, it } from 'vitest';
import { canonicalJson, chainEntry, GENESIS_HASH, verifyChain, type ChainEntry } from './register-chain';

function buildChain(count: number): ChainEntry[] {
  const entries: ChainEntry[] = [];
  for (let i = 0; i < count; i += 1) {
    const prev = entries.at(-1)?.hash ?? GENESIS_HASH;
    entries.push(
      chainEntry(prev, {
        kind: i === 0 ? 'introduced' : 'status',
        introductionId: 1,
        status: ['neu', 'in_pruefung', 'interview', 'abgesagt', 'interview'][i % 5]!,
        bonus: 15.5,
        at: new Date(Date.UTC(2026, 2, 5, 9, i)),
      }),
    );
  }
  return entries;
}

describe('register hash chain', () => {
  it('When the content has its keys in another order, then the canonical text and hash are the same', () => {
    expect(canonicalJson({ b: 1, a: { d: [1, 'x'], c: null } })).toBe('{"a":{"c":null,"d":[1,"x"]},"b":1}');
    const at = new Date('2026-03-05T09:00:00.000Z');
    expect(chainEntry(GENESIS_HASH, { a: 1, at }).hash).toBe(chainEntry(GENESIS_HASH, { at, a: 1 }).hash);
  });

  it('When nothing was touched, then the chain verifies', () => {
    expect(verifyChain(buildChain(5))).toEqual({ ok: true, entries: 5 });
    expect(verifyChain([])).toEqual({ ok: true, entries: 0 });
  });

  it('When an entry content is edited (the bonus, a date), then verification points at that entry', () => {
    const chain = buildChain(5);
    chain[2] = { ...chain[2]!, content: { ...chain[2]!.content, bonus: 20 } };
    expect(verifyChain(chain)).toEqual({ ok: false, index: 2, reason: 'content' });
    const dated = buildChain(5);
    dated[3] = { ...dated[3]!, content: { ...dated[3]!.content, at: new Date('2025-01-01T00:00:00.000Z') } };
    expect(verifyChain(dated)).toEqual({ ok: false, index: 3, reason: 'content' });
  });

  it('When an edited entry also gets its own hash recomputed, then the next entry no longer links to it', () => {
    const chain = buildChain(5);
    chain[1] = chainEntry(chain[1]!.prevHash, { ...chain[1]!.content, status: 'eingestellt' });
    expect(verifyChain(chain)).toEqual({ ok: false, index: 2, reason: 'link' });
  });

  it('When an entry is deleted or two are swapped, then the chain breaks there', () => {
    const deleted = buildChain(5);
    deleted.splice(2, 1);
    expect(verifyChain(deleted)).toEqual({ ok: false, index: 2, reason: 'link' });
    const swapped = buildChain(5);
    [swapped[1], swapped[2]] = [swapped[2]!, swapped[1]!];
    expect(verifyChain(swapped)).toEqual({ ok: false, index: 1, reason: 'link' });
  });

  it('When a value cannot be written canonically (NaN), then it is refused instead of hashed', () => {
    expect(() => chainEntry(GENESIS_HASH, { bonus: Number.NaN })).toThrow(RangeError);
  });
});
