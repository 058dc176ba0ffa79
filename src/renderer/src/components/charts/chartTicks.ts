/** Up to this many labels on a chart's x axis; a longer range (a full year of days) shows every n-th label, unrotated. */
const MAX_X_LABELS = 12;

/** The x axis ticks for `count` labels: all of them when they fit, else thinned to about a dozen, level. */
export function xTicks(count: number): { autoSkip: boolean; maxTicksLimit?: number; maxRotation?: number } {
  return count > 31 ? { autoSkip: true, maxTicksLimit: MAX_X_LABELS, maxRotation: 0 } : { autoSkip: true };
}
