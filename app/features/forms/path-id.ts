/** An id from a path segment: a whole number the `integer` columns hold (up to 2,147,483,647), else 0 (found nowhere). */
export function pathId(segment: string | undefined): number {
  if (!segment || !/^[0-9]{1,10}$/.test(segment)) return 0;
  const n = Number(segment);
  return n > 0 && n <= 2_147_483_647 ? n : 0;
}
