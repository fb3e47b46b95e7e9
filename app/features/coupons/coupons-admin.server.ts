import { sql } from 'kysely';
import type { DB } from '../../../db/client.ts';
import { HttpError } from '../../lib/http-error.ts';
import { bulkIdsSchema, contains, pageWindow } from '../../lib/list-query.ts';
import { nowIso } from '../../lib/time.ts';
import { parseInput } from '../../lib/validate.ts';
import { getSettings } from '../settings/settings.server.ts';
import { couponInputSchema, couponListQuerySchema, type Coupon, type CouponInput, type CouponListQuery } from './coupons.schema.ts';
import { rowToCoupon } from './coupons.server.ts';

/* The admin's side of coupons: list (search, filters, sort, pages), read, create or update, delete (one or several). */

export const COUPONS_PER_PAGE = 20;

export const parseCouponListQuery = (params: URLSearchParams): CouponListQuery => couponListQuerySchema.parse(Object.fromEntries(params));

/** One page of the coupons the query picks, with how many it picks in all. `now` decides what has expired. */
export async function listCoupons(db: DB, query: CouponListQuery = parseCouponListQuery(new URLSearchParams()), now = nowIso()) {
  let base = db.selectFrom('coupons');
  if (query.q) base = base.where(contains(sql`coupons.code`, query.q));
  if (query.type) base = base.where('coupons.discount_type', '=', query.type);
  if (query.status === 'expired') base = base.where('coupons.expires_at', '<=', now);
  else if (query.status === 'active') base = base.where((eb) => eb.or([eb('coupons.expires_at', 'is', null), eb('coupons.expires_at', '>', now)]));
  const total = Number((await base.select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow()).n);
  const { page, pages, offset, limit } = pageWindow(total, query.page, COUPONS_PER_PAGE);
  let rows = base.selectAll('coupons');
  // Coupons that never expire come after every date, either way round.
  if (query.sort === 'expiry') rows = rows.orderBy(sql`case when coupons.expires_at is null then 1 else 0 end`).orderBy('coupons.expires_at', query.dir);
  else if (query.sort !== 'code') rows = rows.orderBy(query.sort === 'amount' ? 'coupons.amount' : 'coupons.usage_count', query.dir);
  // Codes are unique: ties end in a stable order, so pages neither repeat nor skip a coupon.
  const found = await rows.orderBy('coupons.code', query.dir).limit(limit).offset(offset).execute();
  return { coupons: found.map(rowToCoupon), total, page, pages };
}

export async function getCoupon(db: DB, id: number): Promise<Coupon | null> {
  if (!Number.isSafeInteger(id) || id <= 0) return null;
  const row = await db.selectFrom('coupons').selectAll().where('id', '=', id).executeTakeFirst();
  return row ? rowToCoupon(row) : null;
}

const codeTaken = () => new HttpError(409, 'code_taken', 'Another coupon already uses this code.', { code: 'Another coupon already uses this code' });

function isUniqueViolation(err: unknown): boolean {
  const e = err as { code?: string } | null;
  return e?.code === '23505' || e?.code === 'SQLITE_CONSTRAINT_UNIQUE';
}

const WHAT = { products: 'product', product_variations: 'variation', categories: 'category' } as const;

/** Ids in the lists that name no product / variation / category, as field errors. */
async function unknownIds(db: DB, input: CouponInput): Promise<Record<string, string>> {
  const fields: Record<string, string> = {};
  const check = async (table: keyof typeof WHAT, key: keyof CouponInput, ids: number[]) => {
    if (ids.length === 0) return;
    const found = new Set((await db.selectFrom(table).select('id').where('id', 'in', ids).execute()).map((r) => r.id));
    const missing = ids.filter((id) => !found.has(id));
    if (missing.length) fields[key] = `No ${WHAT[table]} with id ${missing.join(', ')}`;
  };
  await check('products', 'productIds', input.productIds);
  await check('products', 'excludedProductIds', input.excludedProductIds);
  await check('product_variations', 'variationIds', input.variationIds);
  await check('product_variations', 'excludedVariationIds', input.excludedVariationIds);
  await check('categories', 'categoryIds', input.categoryIds);
  await check('categories', 'excludedCategoryIds', input.excludedCategoryIds);
  return fields;
}

/**
 * Creates (id null) or updates a coupon from the admin form or a JSON body. Money is typed
 * in the store currency's decimals. 400 with per-field messages when invalid, 409 when the
 * code is taken, 404 when the coupon to update is gone. The usage count is never set here.
 */
export async function saveCoupon(db: DB, id: number | null, input: unknown): Promise<Coupon> {
  const { currency } = await getSettings(db);
  const c = parseInput(couponInputSchema(currency), input);
  const bad = await unknownIds(db, c);
  const first = Object.entries(bad)[0];
  if (first) throw new HttpError(400, 'invalid', `${first[0]}: ${first[1]}`, bad);
  const clash = await db.selectFrom('coupons').select('id').where('code', '=', c.code).executeTakeFirst();
  if (clash && clash.id !== id) throw codeTaken();
  const now = nowIso();
  const row = {
    code: c.code,
    description: c.description,
    discount_type: c.discountType,
    amount: c.amount,
    free_shipping: c.freeShipping ? 1 : 0,
    expires_at: c.expiresAt,
    minimum_spend: c.minimumSpend,
    maximum_spend: c.maximumSpend,
    individual_use: c.individualUse ? 1 : 0,
    exclude_sale_items: c.excludeSaleItems ? 1 : 0,
    usage_limit: c.usageLimit,
    usage_limit_per_user: c.usageLimitPerUser,
    limit_usage_to_x_items: c.limitUsageToXItems,
    product_ids: JSON.stringify(c.productIds),
    excluded_product_ids: JSON.stringify(c.excludedProductIds),
    variation_ids: JSON.stringify(c.variationIds),
    excluded_variation_ids: JSON.stringify(c.excludedVariationIds),
    category_ids: JSON.stringify(c.categoryIds),
    excluded_category_ids: JSON.stringify(c.excludedCategoryIds),
    email_restrictions: JSON.stringify(c.emailRestrictions),
    updated_at: now,
  } as const;
  try {
    if (id === null) {
      const created = await db
        .insertInto('coupons')
        .values({ ...row, created_at: now })
        .returning('id')
        .executeTakeFirstOrThrow();
      id = created.id;
    } else {
      const res = await db.updateTable('coupons').set(row).where('id', '=', id).executeTakeFirst();
      if (Number(res.numUpdatedRows) === 0) throw new HttpError(404, 'not_found', 'This coupon no longer exists.');
    }
  } catch (err) {
    // Two saves of the same new code at once: the unique index decides.
    if (isUniqueViolation(err)) throw codeTaken();
    throw err;
  }
  return (await getCoupon(db, id))!;
}

/** Deletes the chosen coupons with their usage records, all or none (404 when one is gone). */
export async function deleteCoupons(db: DB, input: unknown): Promise<{ count: number }> {
  const ids = parseInput(bulkIdsSchema('coupon'), input);
  return db.transaction().execute(async (trx) => {
    await trx.deleteFrom('coupon_usages').where('coupon_id', 'in', ids).execute();
    const res = await trx.deleteFrom('coupons').where('id', 'in', ids).executeTakeFirst();
    if (Number(res.numDeletedRows) !== ids.length) throw new HttpError(404, 'not_found', 'Some of these coupons no longer exist. Reload the list.');
    return { count: ids.length };
  });
}

/** Deletes a coupon and its usage records; false when there was none. */
export async function deleteCoupon(db: DB, id: number): Promise<boolean> {
  if (!Number.isSafeInteger(id) || id <= 0) return false;
  return db.transaction().execute(async (trx) => {
    // Explicit rather than relying on ON DELETE CASCADE, which SQLite only honours with foreign_keys on.
    await trx.deleteFrom('coupon_usages').where('coupon_id', '=', id).execute();
    const res = await trx.deleteFrom('coupons').where('id', '=', id).executeTakeFirst();
    return Number(res.numDeletedRows) > 0;
  });
}
