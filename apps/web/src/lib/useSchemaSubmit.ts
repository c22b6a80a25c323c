import { useEffect, useState } from 'react';

/** One problem a check found: its German message and where (an empty path: the whole form). */
export interface CheckIssue {
  message: string;
  path: readonly PropertyKey[];
}

/**
 * What a core (zod) schema answers: the parsed value, or issues with German messages. A form may
 * also hand over its own checker of this shape that combines core schemas (the job editor).
 */
export interface Checker<T, I = unknown> {
  safeParse(input: I): { success: true; data: T } | { success: false; error: { issues: readonly CheckIssue[] } };
}

/** Each refused field's message, keyed by its issue path joined with dots ('location', 'items.0'). */
export type FieldErrors = Readonly<Partial<Record<string, string>>>;

/** The key of a field in FieldErrors. */
export const fieldKey = (path: readonly PropertyKey[]): string => path.map(String).join('.');

/**
 * What a failed check means for a form: the first issue's message as the summary line, and each
 * field's first message (issues without a path count only for the summary).
 */
export function formProblems(issues: readonly CheckIssue[]): { summary: string | null; fields: FieldErrors } {
  const fields: Partial<Record<string, string>> = {};
  for (const issue of issues) {
    const key = fieldKey(issue.path);
    if (key && fields[key] === undefined) fields[key] = issue.message;
  }
  return { summary: issues[0]?.message ?? null, fields };
}

/**
 * A form checked by the same core schema the server uses: `submit(input)` hands the parsed value
 * to `onValid`, or keeps the schema's first message as `problem` for the form's error summary and
 * each field's message in `errors` until the next submit.
 */
export function useSchemaSubmit<T>(schema: Checker<T>, onValid: (value: T) => void) {
  const [result, setResult] = useState<{ problem: string | null; errors: FieldErrors }>({ problem: null, errors: {} });
  const submit = (input: unknown) => {
    const checked = schema.safeParse(input);
    if (!checked.success) {
      const { summary, fields } = formProblems(checked.error.issues);
      setResult({ problem: summary, errors: fields });
      return;
    }
    setResult({ problem: null, errors: {} });
    onValid(checked.data);
  };
  return { problem: result.problem, errors: result.errors, submit };
}

/** The problems shown since the last failed submit, and the field to focus then. */
interface Attempt {
  summary: string | null;
  keys: readonly string[];
  focusId: string | null;
}

/**
 * A form whose fields each say what is wrong with them (issue 32). `check()` on submit: the parsed
 * value, or null after marking every refused field at once, putting the first message in
 * `summary` and moving focus to the first refused field in `fieldIds` order (the form's order;
 * ids of the controls, for a widget its first control). Before the first submit nothing is shown;
 * afterwards a field's message goes as soon as the field is right (the check runs again on every
 * render with the current `input`), and the summary once the whole form is.
 */
export function useSchemaForm<T, I>(schema: Checker<T, I>, input: I, fieldIds: Readonly<Record<string, string>>) {
  const [attempt, setAttempt] = useState<Attempt | null>(null);

  // After the render that marked the fields, so the field's description is its message when read.
  useEffect(() => {
    if (attempt?.focusId) document.getElementById(attempt.focusId)?.focus();
  }, [attempt]);

  const current = attempt ? schema.safeParse(input) : null;
  const now = current && !current.success ? formProblems(current.error.issues) : null;
  const errors: Partial<Record<string, string>> = {};
  // Only the fields refused at the submit: a field is not marked while it is still being filled in.
  for (const key of attempt?.keys ?? []) if (now?.fields[key] !== undefined) errors[key] = now.fields[key];

  const check = (): T | null => {
    const checked = schema.safeParse(input);
    if (checked.success) {
      setAttempt(null);
      return checked.data;
    }
    const { summary, fields } = formProblems(checked.error.issues);
    const focusKey = Object.keys(fieldIds).find((key) => fields[key] !== undefined);
    setAttempt({ summary, keys: Object.keys(fields), focusId: focusKey ? (fieldIds[focusKey] ?? null) : null });
    return null;
  };

  return { summary: now ? (attempt?.summary ?? null) : null, errors: errors as FieldErrors, check };
}
