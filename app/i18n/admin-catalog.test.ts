import { describe, expect, it } from 'vitest';
import { enAdmin } from './en-admin.ts';
import { enAdminCoupon } from './en-admin-coupon.ts';
import { enAdminExports } from './en-admin-exports.ts';
import { enAdminLists } from './en-admin-lists.ts';
import { enAdminOrder } from './en-admin-order.ts';
import { enAdminPayments } from './en-admin-payments.ts';
import { enAdminPrivacyMail } from './en-admin-privacy-mail.ts';
import { enAdminProducts } from './en-admin-products.ts';
import { enAdminSearch } from './en-admin-search.ts';
import { enAdminSettings } from './en-admin-settings.ts';
import { enAdminShipping } from './en-admin-shipping.ts';
import { enAdminTax } from './en-admin-tax.ts';
import { enAdminTaxonomy } from './en-admin-taxonomy.ts';
import { enAdminInvoices } from './en-admin-invoices.ts';
import { enAdminEmails } from './en-admin-emails.ts';
import { enAdminTrash } from './en-admin-trash.ts';
import { enAdminMedia } from './en-admin-media.ts';
import { enAdminDownloads } from './en-admin-downloads.ts';
import { enAdminBulkEdit } from './en-admin-bulk-edit.ts';
import { enAdminIntegrations } from './en-admin-integrations.ts';
import { enAdminOrderForm } from './en-admin-order-form.ts';
import { enAdminStripe } from './en-admin-stripe.ts';
import { enAdminPayPal } from './en-admin-paypal.ts';
import { enAdminReports } from './en-admin-reports.ts';
import { en } from './en.ts';
import { plural, t } from './t-admin.ts';

/* The admin message catalog, as the back office's screens read it. */

describe('admin message catalog', () => {
  it('has no key twice across its files and the shop’s catalog, and every counted family has an "other" form', () => {
    // A key in two files would silently take the later file's text (the files are spread into one object).
    const parts = [enAdminCoupon, enAdminExports, enAdminLists, enAdminOrder, enAdminPayments, enAdminPrivacyMail, enAdminProducts, enAdminSearch, enAdminSettings, enAdminShipping, enAdminTax, enAdminTaxonomy, enAdminInvoices, enAdminEmails, enAdminTrash, enAdminMedia, enAdminDownloads, enAdminBulkEdit, enAdminIntegrations, enAdminOrderForm, enAdminStripe, enAdminPayPal, enAdminReports];
    const seen = new Map<string, number>();
    for (const part of parts) for (const k of Object.keys(part)) seen.set(k, (seen.get(k) ?? 0) + 1);
    expect([...seen].filter(([, n]) => n > 1).map(([k]) => k)).toEqual([]);
    const shop = new Set(Object.keys(en));
    expect(Object.keys(enAdmin).filter((k) => shop.has(k))).toEqual([]);
    const families = Object.keys(enAdmin).filter((k) => /\.(zero|one|two|few|many)$/.test(k)).map((k) => k.replace(/\.[a-z]+$/, ''));
    expect(families.filter((base) => !(`${base}.other` in enAdmin))).toEqual([]);
  });

  it('words the products list, the editor and the taxonomies’ notices as before', () => {
    expect(plural('productList.bulkDone', 3, { action: t('productList.bulk.sale'), changed: 2 })).toBe('Sale set: 2 of 3 products.');
    expect(plural('productList.bulkDone', 1, { action: t('productList.bulk.trash'), changed: 1 })).toBe('Moved to the trash: 1 of 1 product.');
    expect(plural('products.notice.generated', 1)).toBe('1 variation added: set its price, then save.');
    expect(plural('products.notice.generated', 50)).toBe('50 variations added: set their prices, then save.');
    expect(plural('tags.deleted', 2)).toBe('2 tags deleted.');
    expect(plural('admin.reviews.bulkDone.spam', 1)).toBe('1 review marked as spam.');
    expect(plural('admin.coupon.used', 1)).toBe('Used once so far.');
    expect(plural('admin.coupon.used', 4)).toBe('Used 4 times so far.');
    expect(t('categories.movedUp', { name: 'Mugs' })).toBe('Category “Mugs” moved up.');
    expect(t('admin.tax.col.rate')).toBe('Rate %');
  });
});
