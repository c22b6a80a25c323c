import { chainEntry, type ChainValue } from '../../src/modules/introductions/register-chain';

/** A raw query, as the tests' database handles offer it. */
type Query = <T = Record<string, unknown>>(sql: string, params?: unknown[]) => Promise<T[]>;

/**
 * What someone with the database but without REGISTER_SECRET can do: change entries and
 * recompute every hash from the first one on with the public chain function, so links and
 * hashes agree again (the MACs and the head cannot follow). The append-only trigger must
 * already be disabled by the caller.
 */
export async function rewriteChainWithoutKey(
  query: Query,
  change: (index: number, content: { [key: string]: ChainValue }) => { [key: string]: ChainValue },
): Promise<number> {
  const rows = await query<{ id: number; content: { [key: string]: ChainValue }; prev_hash: string }>(
    'SELECT id, content, prev_hash FROM introduction_events ORDER BY id',
  );
  let previous = rows[0]?.prev_hash ?? '';
  for (const [index, row] of rows.entries()) {
    const content = change(index, row.content);
    const entry = chainEntry(previous, content);
    await query('UPDATE introduction_events SET content = $2, prev_hash = $3, hash = $4 WHERE id = $1', [
      row.id,
      JSON.stringify(content),
      entry.prevHash,
      entry.hash,
    ]);
    previous = entry.hash;
  }
  return rows.length;
}
