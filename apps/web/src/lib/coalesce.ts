/**
 * Runs `task` for a burst of triggers once: the first trigger schedules it `delayMs` later,
 * triggers until then join that run, and triggers while it runs schedule exactly one more.
 * So it never runs twice at once and at most once per `delayMs` however often it is triggered.
 * `cancel` drops a scheduled run (a run under way finishes, but schedules nothing more).
 */
export function coalesce(task: () => Promise<unknown>, delayMs: number): { trigger(): void; cancel(): void } {
  let state: 'idle' | 'scheduled' | 'running' | 'again' = 'idle';
  let timer: ReturnType<typeof setTimeout> | undefined;
  const schedule = () => {
    state = 'scheduled';
    timer = setTimeout(run, delayMs);
  };
  const run = () => {
    state = 'running';
    void task()
      .catch(() => undefined)
      .finally(() => {
        if (state === 'again') schedule();
        else if (state === 'running') state = 'idle';
      });
  };
  return {
    trigger() {
      if (state === 'running') state = 'again';
      else if (state === 'idle') schedule();
    },
    cancel() {
      clearTimeout(timer);
      state = 'idle';
    },
  };
}
