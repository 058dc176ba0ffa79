/** Types of start-output.mjs (plain JS, run by node before anything is built). */
export function accountsHold(): { held: string[]; take(line: string): boolean };
export function finalLines(o: { held: readonly string[]; base: string; desktop: boolean }): string[];
