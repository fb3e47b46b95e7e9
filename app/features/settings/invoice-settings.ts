import { z } from 'zod';

/*
 * What invoices say about the seller, and whether the completed-order e-mail carries the
 * invoice (Admin → Settings → Invoices). Stored as the store setting `invoices`.
 */

const line = (max: number) => z.string().trim().max(max, `At most ${max} characters`).default('');
const checkbox = (fallback: boolean) =>
  z.preprocess((v) => (v === undefined ? undefined : v === true || v === 'true' || v === '1' || v === 'on' || v === 1), z.boolean()).default(fallback);

export const invoiceSettingsSchema = z.object({
  /** The seller's registered name; empty: the store name. */
  legalName: line(120),
  /** The seller's postal address, one line per line. */
  address: z
    .string()
    .trim()
    .max(500, 'At most 500 characters')
    .refine((v) => v.split('\n').length <= 8, 'At most 8 lines')
    .default(''),
  /** VAT (or other tax) registration number, printed on invoices and credit notes. */
  vatNumber: z
    .string()
    .trim()
    .max(40, 'At most 40 characters')
    .regex(/^[A-Za-z0-9 .\-/]*$/, 'Letters, digits, spaces, dots, dashes and slashes only')
    .default(''),
  /** A line at the foot of each document (registration, bank, thanks). */
  footer: line(300),
  /** The completed-order e-mail carries the invoice as a PDF. */
  attachToCompletedEmail: checkbox(false),
});

export type InvoiceSettings = z.infer<typeof invoiceSettingsSchema>;
