import { useState } from 'react';

/** What a core (zod) schema answers: the parsed value, or issues with German messages. */
interface Checker<T> {
  safeParse(input: unknown): { success: true; data: T } | { success: false; error: { issues: { message: string }[] } };
}

/**
 * A form checked by the same core schema the server uses: `submit(input)` hands the parsed value
 * to `onValid`, or keeps the schema's first message as `problem` for the form's error summary.
 */
export function useSchemaSubmit<T>(schema: Checker<T>, onValid: (value: T) => void) {
  const [problem, setProblem] = useState<string | null>(null);
  const submit = (input: unknown) => {
    const checked = schema.safeParse(input);
    if (!checked.success) {
      setProblem(checked.error.issues[0]?.message ?? null);
      return;
    }
    setProblem(null);
    onValid(checked.data);
  };
  return { problem, submit };
}
