/**
 * Time budgets on a slow or shared machine. Every budget a test gives itself (its timeout,
 * its assertions' waits) is multiplied by E2E_TIME_FACTOR (3 on CI, where the whole suite
 * shares two cores with its servers; 1 elsewhere). A budget bounds how long a failing test
 * waits; it is never a measurement: the timed specs measure in the page.
 */
export const TIME_FACTOR = Number(process.env.E2E_TIME_FACTOR) || (process.env.CI ? 3 : 1);

/** `ms` on this machine. */
export const budget = (ms: number): number => ms * TIME_FACTOR;
