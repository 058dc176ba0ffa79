/** Background work that runs every so often in this process (docs/jobs.md, "The scheduler"). */
export interface PeriodicTask {
  name: string;
  everyMs: number;
  /** Runs once as soon as the scheduler starts; otherwise the first run is `everyMs` after it. */
  atStart?: boolean;
  /** Aborted when the scheduler stops: a long run (the jobs runner) ends after the piece in hand. */
  run: (stopping: AbortSignal) => Promise<unknown>;
}

export interface SchedulerLog {
  error(details: object, message: string): void;
}

interface TaskState {
  task: PeriodicTask;
  running: Promise<void> | null;
  /** Asked to run while running: runs once more right after. */
  again: boolean;
}

/**
 * Runs each task every `everyMs`. A task never overlaps itself (a tick that comes while it runs is skipped); a task that
 * throws is logged with its name and runs again at its next tick. Timers are unref'd: they never keep the process alive.
 */
export function createScheduler(tasks: PeriodicTask[], log: SchedulerLog) {
  const stopping = new AbortController();
  const timers: NodeJS.Timeout[] = [];
  const states = new Map<string, TaskState>(tasks.map((task) => [task.name, { task, running: null, again: false }]));

  function tick(state: TaskState): void {
    if (state.running || stopping.signal.aborted) return;
    state.running = (async () => {
      do {
        state.again = false;
        try {
          await state.task.run(stopping.signal);
        } catch (err) {
          log.error({ err, task: state.task.name }, `background task ${state.task.name} failed`);
        }
      } while (state.again && !stopping.signal.aborted);
      state.running = null;
    })();
  }

  return {
    start(): void {
      for (const state of states.values()) {
        const timer = setInterval(() => tick(state), state.task.everyMs);
        timer.unref();
        timers.push(timer);
        if (state.task.atStart) tick(state);
      }
    },
    /** Runs the task now, or once more right after the run in hand. */
    runNow(name: string): void {
      const state = states.get(name);
      if (!state) return;
      if (state.running) state.again = true;
      else tick(state);
    },
    /** Clears every timer, then waits for the runs in hand (told to stop) to end. */
    async stop(): Promise<void> {
      stopping.abort();
      for (const timer of timers.splice(0)) clearInterval(timer);
      await Promise.all([...states.values()].map((s) => s.running));
    },
  };
}
