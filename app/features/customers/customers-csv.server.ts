import { sql } from 'kysely';
import type { DB } from '../../../db/client.ts';
import { CSV_BOM, csvLine } from '../../lib/csv-write.ts';
import { contains } from '../../lib/list-query.ts';
import { currencyInfo, plainPrice } from '../../lib/money.ts';
import { STAFF_ROLES } from '../../lib/roles.ts';
import { getSettings } from '../settings/settings.server.ts';
import { SPENT_STATUSES } from './customers-admin.server.ts';
import type { CustomerListQuery } from './customers.schema.ts';

/*
 * Customers as CSV: every account (the list's search and role filter apply), then every guest
 * buyer, one row per distinct billing e-mail of orders placed without an account. Orders
 * count and total spent follow the customers list's rules (every order counted; paid ones
 * less refunds spent); a guest's name and place are from their latest order. Both parts are
 * read by keyset, a page at a time.
 */

export const CUSTOMER_EXPORT_PAGE = 500;

export const CUSTOMER_CSV_HEADER = ['Type', 'Customer ID', 'E-mail', 'Name', 'Role', 'Registered', 'Orders', 'Total spent', 'Average order', 'Last order', 'Country', 'City', 'Phone'] as const;

const spentSql = sql<number | string>`sum(case when orders.status in (${sql.join(SPENT_STATUSES)}) then orders.total - orders.refunded_total else 0 end)`;
const paidCountSql = sql<number | string>`sum(case when orders.status in (${sql.join(SPENT_STATUSES)}) then 1 else 0 end)`;

export async function* exportCustomersCsv(db: DB, query: Pick<CustomerListQuery, 'q' | 'role'> = { q: '' }): AsyncGenerator<string> {
  const { currency } = await getSettings(db);
  const exact = { currency, pricePrecision: currencyInfo(currency).exponent };
  const money = (minor: number) => plainPrice(minor, exact);
  /** Average of the paid orders' amounts (what was spent over how many orders it was spent on). */
  const average = (spent: number, paid: number) => (paid > 0 ? money(Math.round(spent / paid)) : '');
  yield CSV_BOM + csvLine(CUSTOMER_CSV_HEADER);

  let afterId = 0;
  for (;;) {
    let users = db.selectFrom('users').where('users.id', '>', afterId);
    if (query.q) {
      const q = query.q;
      users = users.where((eb) => eb.or([contains(sql`users.name`, q), contains(sql`users.email`, q)]));
    }
    if (query.role === 'staff') users = users.where('users.role', 'in', [...STAFF_ROLES]);
    else if (query.role) users = users.where('users.role', '=', query.role);
    const rows = await users.select(['users.id', 'users.email', 'users.name', 'users.role', 'users.created_at']).orderBy('users.id').limit(CUSTOMER_EXPORT_PAGE).execute();
    if (rows.length === 0) break;
    const ids = rows.map((r) => r.id);
    const [totals, addresses] = await Promise.all([
      db
        .selectFrom('orders')
        .select(['user_id', (eb) => eb.fn.countAll<number | string>().as('n'), spentSql.as('spent'), paidCountSql.as('paid'), (eb) => eb.fn.max('created_at').as('last')])
        .where('user_id', 'in', ids)
        .groupBy('user_id')
        .execute(),
      db.selectFrom('customer_addresses').select(['user_id', 'address']).where('user_id', 'in', ids).where('type', '=', 'billing').execute(),
    ]);
    const totalsOf = new Map(totals.map((t) => [t.user_id, t]));
    const addressOf = new Map(addresses.map((a) => [a.user_id, parseAddress(a.address)]));
    yield rows
      .map((u) => {
        const t = totalsOf.get(u.id);
        const a = addressOf.get(u.id) ?? {};
        const spent = Number(t?.spent ?? 0);
        return csvLine(['account', u.id, u.email, u.name, u.role, u.created_at, Number(t?.n ?? 0), money(spent), average(spent, Number(t?.paid ?? 0)), t?.last ?? '', a.country ?? '', a.city ?? '', a.phone ?? '']);
      })
      .join('');
    afterId = rows[rows.length - 1]!.id;
    if (rows.length < CUSTOMER_EXPORT_PAGE) break;
  }

  // Guests: not filtered by role (they have none); the search applies to their e-mail.
  if (query.role) return;
  const email = sql<string>`lower(orders.billing_email)`;
  let afterEmail: string | null = null;
  for (;;) {
    let guests = db.selectFrom('orders').where('orders.user_id', 'is', null).where('orders.billing_email', '!=', '');
    if (afterEmail !== null) guests = guests.where(email, '>', afterEmail);
    if (query.q) guests = guests.where(contains(sql`orders.billing_email`, query.q));
    const rows = await guests
      .select([email.as('email'), (eb) => eb.fn.countAll<number | string>().as('n'), spentSql.as('spent'), paidCountSql.as('paid'), (eb) => eb.fn.max('orders.created_at').as('last'), (eb) => eb.fn.max('orders.id').as('latest')])
      .groupBy(email)
      .orderBy(email)
      .limit(CUSTOMER_EXPORT_PAGE)
      .execute();
    if (rows.length === 0) return;
    const latest = await db
      .selectFrom('orders')
      .select(['id', 'billing'])
      .where('id', 'in', rows.map((r) => Number(r.latest)))
      .execute();
    const billingOf = new Map(latest.map((o) => [o.id, parseAddress(o.billing)]));
    yield rows
      .map((g) => {
        const a = billingOf.get(Number(g.latest)) ?? {};
        const spent = Number(g.spent ?? 0);
        const name = [a.first_name, a.last_name].filter(Boolean).join(' ');
        return csvLine(['guest', '', g.email, name, '', '', Number(g.n), money(spent), average(spent, Number(g.paid ?? 0)), g.last ?? '', a.country ?? '', a.city ?? '', a.phone ?? '']);
      })
      .join('');
    afterEmail = rows[rows.length - 1]!.email;
    if (rows.length < CUSTOMER_EXPORT_PAGE) return;
  }
}

function parseAddress(json: string): Partial<Record<'first_name' | 'last_name' | 'country' | 'city' | 'phone', string>> {
  try {
    const v = JSON.parse(json) as unknown;
    return v && typeof v === 'object' ? (v as Record<string, string>) : {};
  } catch {
    return {};
  }
}
