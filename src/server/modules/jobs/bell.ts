/** Rung after a transaction queued a job: this process's runner looks at once instead of at its next poll. */
export function createJobBell() {
  let listener: () => void = () => {};
  return {
    ring: () => listener(),
    onRing(fn: () => void) {
      listener = fn;
    },
  };
}
export type JobBell = ReturnType<typeof createJobBell>;
