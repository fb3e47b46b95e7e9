import { sql } from 'kysely';
import type { DB } from '../../../db/client.ts';
import { CSV_BOM, csvLine } from '../../lib/csv-write.ts';
import { contains } from '../../lib/list-query.ts';
import { currencyInfo, plainPrice } from '../../lib/money.ts';
import { STAFF_ROLES } from '../../lib/roles.ts';
import { getSettings } from '../settings/settings.server.ts';
import { figureColumns, figures, orderOwnerSql } from './customer-orders.server.ts';
import type { CustomerListQuery } from './customers.schema.ts';

/*
 * Customers as CSV: every account (the list's search and role filter apply), then every guest
 * buyer, one row per distinct billing e-mail of orders placed without an account whose
 * address no account has (a guest who registered later is their account's row, with their
 * guest orders). Orders count, total spent and average follow the customers list's rules
 * (customer-orders.server.ts); a guest's name and place are from their latest order. Both
 * parts are read by keyset, a page at a time.
 */

export const CUSTOMER_EXPORT_PAGE = 500;

export const CUSTOMER_CSV_HEADER = ['Type', 'Customer ID', 'E-mail', 'Name', 'Role', 'Registered', 'Orders', 'Total spent', 'Average order', 'Last order', 'Country', 'City', 'Phone'] as const;

/** Orders with the account they belong to (`owned.owner_id`), as customer-orders.server.ts says. */
const owned = (db: DB) =>
  db
    .selectFrom('orders')
    .select(['orders.id', 'orders.status', 'orders.total', 'orders.refunded_total', 'orders.created_at', 'orders.billing_email', orderOwnerSql.as('owner_id'), sql<string>`lower(orders.billing_email)`.as('email')])
    .as('owned');

type Query = Pick<CustomerListQuery, 'q' | 'role'>;

/** The accounts the list's search and role filter keep. */
function accounts(db: DB, query: Query) {
  let users = db.selectFrom('users');
  if (query.q) {
    const q = query.q;
    users = users.where((eb) => eb.or([contains(sql`users.name`, q), contains(sql`users.email`, q)]));
  }
  if (query.role === 'staff') users = users.where('users.role', 'in', [...STAFF_ROLES]);
  else if (query.role) users = users.where('users.role', '=', query.role);
  return users;
}

/** Guests have no role: a role filter other than "guest" leaves them out. */
const withGuests = (query: Query) => !query.role || query.role === 'guest';

/** Orders of guest buyers (no account has their e-mail), the search applied to the e-mail. */
function guestOrders(db: DB, query: Query) {
  const guests = db.selectFrom(owned(db)).where('owned.owner_id', 'is', null).where('owned.email', '!=', '');
  return query.q ? guests.where(contains(sql`owned.email`, query.q)) : guests;
}

/** The export's records after the header: the accounts kept, then one per guest buyer's e-mail. */
export async function countCustomerExportRows(db: DB, query: Query = { q: '' }): Promise<number> {
  const users = await accounts(db, query).select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow();
  if (!withGuests(query)) return Number(users.n);
  const emails = guestOrders(db, query).select('owned.email').groupBy('owned.email').as('g');
  const guests = await db.selectFrom(emails).select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow();
  return Number(users.n) + Number(guests.n);
}

export async function* exportCustomersCsv(db: DB, query: Query = { q: '' }): AsyncGenerator<string> {
  const { currency } = await getSettings(db);
  const exact = { currency, pricePrecision: currencyInfo(currency).exponent };
  const money = (minor: number) => plainPrice(minor, exact);
  yield CSV_BOM + csvLine(CUSTOMER_CSV_HEADER);

  let afterId = 0;
  for (;;) {
    const rows = await accounts(db, query)
      .where('users.id', '>', afterId)
      .select(['users.id', 'users.email', 'users.name', 'users.role', 'users.created_at']).orderBy('users.id').limit(CUSTOMER_EXPORT_PAGE).execute();
    if (rows.length === 0) break;
    const ids = rows.map((r) => r.id);
    const [totals, addresses] = await Promise.all([
      db.selectFrom(owned(db)).select(['owned.owner_id', ...figureColumns()]).where('owned.owner_id', 'in', ids).groupBy('owned.owner_id').execute(),
      db.selectFrom('customer_addresses').select(['user_id', 'address']).where('user_id', 'in', ids).where('type', '=', 'billing').execute(),
    ]);
    const totalsOf = new Map(totals.map((t) => [Number(t.owner_id), figures(t)]));
    const addressOf = new Map(addresses.map((a) => [a.user_id, parseAddress(a.address)]));
    yield rows
      .map((u) => {
        const f = totalsOf.get(u.id) ?? figures(undefined);
        const a = addressOf.get(u.id) ?? {};
        return csvLine(['account', u.id, u.email, u.name, u.role, u.created_at, f.ordersCount, money(f.totalSpent), f.averageOrder === null ? '' : money(f.averageOrder), f.lastOrder ?? '', a.country ?? '', a.city ?? '', a.phone ?? '']);
      })
      .join('');
    afterId = rows[rows.length - 1]!.id;
    if (rows.length < CUSTOMER_EXPORT_PAGE) break;
  }

  // Guests: not filtered by role (they have none); the search applies to their e-mail.
  if (!withGuests(query)) return;
  let afterEmail: string | null = null;
  for (;;) {
    let guests = guestOrders(db, query);
    if (afterEmail !== null) guests = guests.where('owned.email', '>', afterEmail);
    const rows = await guests
      .select(['owned.email', ...figureColumns()])
      .groupBy('owned.email')
      .orderBy('owned.email')
      .limit(CUSTOMER_EXPORT_PAGE)
      .execute();
    if (rows.length === 0) return;
    const latest = await db
      .selectFrom('orders')
      .select(['id', 'billing'])
      .where('id', 'in', rows.map((r) => Number(r.latest_id)))
      .execute();
    const billingOf = new Map(latest.map((o) => [o.id, parseAddress(o.billing)]));
    yield rows
      .map((g) => {
        const a = billingOf.get(Number(g.latest_id)) ?? {};
        const f = figures(g);
        const name = [a.first_name, a.last_name].filter(Boolean).join(' ');
        return csvLine(['guest', '', g.email, name, '', '', f.ordersCount, money(f.totalSpent), f.averageOrder === null ? '' : money(f.averageOrder), f.lastOrder ?? '', a.country ?? '', a.city ?? '', a.phone ?? '']);
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
