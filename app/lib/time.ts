/** Current time as ISO-8601 UTC text, the storage format of every timestamp. */
export const nowIso = (): string => new Date().toISOString();
export const isoIn = (ms: number): string => new Date(Date.now() + ms).toISOString();
