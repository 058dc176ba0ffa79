/**
 * The server's time for the rules that compare with it (payout holds: a hold ends at a time): every such query is
 * given `clock.now()` rather than the database's now(), so a test moves the clock (a fake clock) without waiting days.
 */
export const clock = {
  now: (): Date => new Date(),
};

/** The clock's time as a bound timestamptz parameter. */
export const nowParam = (): string => clock.now().toISOString();
