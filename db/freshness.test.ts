import { describe, expect, it } from 'vitest';
import { cartOnly } from './freshness.ts';

describe('cartOnly: statements that write a shopper cart and nothing else', () => {
  it('counts writes of carts and cart_items, an upsert and a WITH over them', () => {
    expect(cartOnly('insert into "cart_items" ("cart_id") values ($1) on conflict ("cart_id", "item_key") do update set "quantity" = 1')).toBe(true);
    expect(cartOnly('update "carts" set "updated_at" = $1 where "id" = $2')).toBe(true);
    expect(cartOnly('delete from cart_items where id = $1')).toBe(true);
    expect(cartOnly('with "added" as (insert into "cart_items" ("cart_id") select "carts"."id" from "carts" returning "cart_id") select (select cart_id from added)')).toBe(true);
    expect(cartOnly('with "taken" as (delete from "cart_items" where "id" in ($1) returning "id"), "c" as (update "carts" set "coupons" = $2 where "id" = $3 returning "id") select 1')).toBe(true);
  });

  it('does not count a statement that also writes any other table, or writes nothing', () => {
    expect(cartOnly('insert into "products" ("name") values ($1)')).toBe(false);
    expect(cartOnly('update settings set value = $1 where key = $2')).toBe(false);
    expect(cartOnly('with "i" as (insert into "order_items" ("order_id") values ($1) returning *), "n" as (insert into "order_notes" ("order_id") values ($2) returning *) select 1')).toBe(false);
    expect(cartOnly('with "taken" as (delete from "cart_items" where "id" = $1 returning "id"), "s" as (update "products" set "total_sales" = 1 returning "id") select 1')).toBe(false);
    expect(cartOnly('with "c" as (select * from carts) delete from "coupons" where id in (select id from c)')).toBe(false);
    expect(cartOnly('select * from carts')).toBe(false);
    expect(cartOnly('insert into "cart_items_archive" ("id") values ($1)')).toBe(false);
  });
});
