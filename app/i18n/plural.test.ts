import { describe, expect, it } from 'vitest';
import { plural, t } from './t-admin.ts';

describe('messages and counted messages', () => {
  it('pick the singular for one and the plural for zero, several and fractions', () => {
    expect(plural('admin.orders.count', 1)).toBe('1 order.');
    expect(plural('admin.orders.count', 0)).toBe('0 orders.');
    expect(plural('admin.orders.count', 2)).toBe('2 orders.');
    expect(plural('admin.tax.imported', 1.5)).toBe('1.5 tax rates imported.');
    // Labels beside a figure (the dashboard's cards) show no number.
    expect(plural('admin.dashboard.customers', 1)).toBe('customer');
    expect(plural('admin.dashboard.categories', 3)).toBe('categories');
  });

  it('fill the other placeholders too', () => {
    expect(plural('admin.orders.found', 1, { search: 'Kew' })).toBe('1 order found for “Kew”.');
    expect(plural('admin.privacy.erased', 3, { email: 'a@example.test' })).toBe('Erased a@example.test: 3 orders anonymised, account deleted.');
  });

  it('word the products list, the editor and the taxonomies’ notices as before', () => {
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
    expect(t('admin.emails.footerHint')).toBe('May use {site_title} and {site_url}.');
  });
});
