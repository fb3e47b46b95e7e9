/** Dates on the dashboard (isomorphic): UTC, as its figures are counted. */

/** "3 May" from "2026-05-03". */
export const shortDay = (day: string) => new Date(`${day}T00:00:00Z`).toLocaleDateString('en-GB', { timeZone: 'UTC', day: 'numeric', month: 'short' });

/** "3 May 2026" from an ISO time. */
export const shortDate = (iso: string) => new Date(iso).toLocaleDateString('en-GB', { timeZone: 'UTC', day: 'numeric', month: 'short', year: 'numeric' });
