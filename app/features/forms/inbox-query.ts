/** The inbox's filters from its address (`?q=&status=&page=`), bounded. */
import { STORED_STATUSES_LIST, type InboxStatus } from './inbox-statuses.ts';

export function inboxQuery(url: URL): { q: string; status: InboxStatus | undefined; page: number } {
  const q = (url.searchParams.get('q') ?? '').slice(0, 200);
  const s = url.searchParams.get('status') ?? '';
  const status = (STORED_STATUSES_LIST as readonly string[]).includes(s) ? (s as InboxStatus) : undefined;
  const p = Number(url.searchParams.get('page'));
  const page = Number.isSafeInteger(p) && p >= 1 && p <= 100_000 ? p : 1;
  return { q, status, page };
}
