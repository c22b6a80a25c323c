/**
 * PostgreSQL text cannot hold U+0000: a string with it would fail in the query
 * (a 500). Every request input is checked here first and refused with a 400.
 * Iterative, so deeply nested input cannot overflow the stack.
 */
export function hasNulChar(value: unknown): boolean {
  const pending: unknown[] = [value];
  while (pending.length > 0) {
    const item = pending.pop();
    if (typeof item === 'string') {
      if (item.includes('\u0000')) return true;
    } else if (Array.isArray(item)) {
      pending.push(...item);
    } else if (typeof item === 'object' && item !== null && !Buffer.isBuffer(item)) {
      for (const [key, child] of Object.entries(item)) {
        if (key.includes('\u0000')) return true;
        pending.push(child);
      }
    }
  }
  return false;
}
