import { z } from 'zod';

/*
 * The OpenAPI description of `display`, the amounts as shown (app/lib/amounts.ts), in the
 * cart answers and in every order answer.
 */

const money = z.number().int();
const labelled = z.object({ label: z.string(), amount: money });

export const displaySchema = z
  .object({
    basis: z.enum(['incl', 'excl']).describe('Whether the amounts include tax (the store’s cart display setting; for an order, when it was placed).'),
    lines: z.array(z.object({ key: z.string(), amount: money })).describe('Each line before coupons: by cart item key, or by order item id.'),
    subtotal: money.describe('The lines added up.'),
    discounts: z.array(z.object({ code: z.string(), amount: money })).describe('A row per coupon, taken off (shown as −amount).'),
    shipping: z
      .array(z.object({ id: z.string(), rateId: z.string().nullable(), title: z.string(), amount: money, rates: z.array(z.object({ id: z.string(), title: z.string(), amount: money })) }))
      .describe('A row per package: the chosen rate’s cost, and each rate offered (cart) on the same basis.'),
    taxes: z.array(labelled).describe('Tax rows added to reach the total (basis excl only).'),
    includedTaxes: z.array(labelled).describe('The tax the total includes, per tax name (basis incl only).'),
    total: money.describe('subtotal − discounts + shipping + taxes, exactly: the amount charged.'),
  })
  .describe('The amounts as a person sees them; the rows always add up to `total`.');
