import { afterEach, describe, expect, it } from 'vitest';
import { setShopLanguage } from '../../i18n/language.server.ts';
import { plural as adminPlural, t as adminT } from '../../i18n/t-admin.ts';
import { t as ordersT } from '../../i18n/t-orders.ts';
import { plural } from '../../i18n/t.ts';
import { statusName } from './status-name.ts';

/* Order statuses and counted messages as the shop shows them in each of its languages. */

describe('order status names', () => {
  afterEach(() => setShopLanguage('en'));

  it('are labels, and lower case inside an English sentence', () => {
    expect(statusName('on-hold')).toBe('On hold');
    expect(statusName('pending')).toBe('Pending payment');
    expect(ordersT('pay.closed', { status: statusName('cancelled', { inText: true }) })).toBe('This order has been cancelled, so it can no longer be paid. Please place a new order.');
    expect(adminT('admin.orders.already', { status: statusName('completed', { inText: true }) })).toBe('Already completed');
    expect(statusName('trash')).toBe('trash');
  });

  it('come in the shop’s language, inside its sentences too', () => {
    setShopLanguage('de');
    expect(statusName('processing')).toBe('In Bearbeitung');
    expect(ordersT('tracking.found', { number: 7, date: '1. März', status: statusName('cancelled', { inText: true }) })).toBe('Bestellung #7 wurde am 1. März aufgegeben und hat derzeit den Status „Storniert“.');
    setShopLanguage('fr');
    expect(statusName('completed')).toBe('Terminée');
    expect(adminT('admin.orders.already', { status: statusName('refunded', { inText: true }) })).toBe('Déjà à l’état remboursée');
    setShopLanguage('es');
    expect(statusName('on-hold')).toBe('En espera');
    setShopLanguage('ar');
    expect(statusName('failed')).toBe('فشل');
  });
});

describe('counted messages', () => {
  afterEach(() => setShopLanguage('en'));

  it('read right for one in English and as before for other counts', () => {
    expect(plural('site.cartCount', 1)).toBe('Cart, 1 item');
    expect(plural('site.cartCount', 3)).toBe('Cart, 3 items');
    expect(plural('search.results', 1)).toBe('1 suggestion available; use the up and down arrows to choose');
    expect(plural('shop.categoryDescription', 1, { name: 'Mugs', store: 'Vitrine' })).toBe('Mugs: 1 product at Vitrine.');
    expect(plural('shop.categoryDescription', 12, { name: 'Mugs', store: 'Vitrine' })).toBe('Mugs: 12 products at Vitrine.');
    expect(adminPlural('admin.reports.stockTotal', 1, { value: '£5.00' })).toBe('£5.00 in 1 unit.');
    expect(adminPlural('media.uploaded', 1)).toBe('1 picture uploaded.');
    expect(adminPlural('media.uploaded', 2)).toBe('Pictures uploaded: 2.');
    expect(adminPlural('products.upload.done', 3)).toBe('3 pictures added to the gallery: save the product to keep them.');
  });

  it('take each language’s plural forms', () => {
    setShopLanguage('de');
    expect(plural('product.count', 1)).toBe('1 Produkt');
    expect(plural('product.count', 4)).toBe('4 Produkte');
    setShopLanguage('fr');
    expect(plural('shop.loaded', 1)).toBe('1 produit supplémentaire chargé');
    expect(plural('shop.loaded', 0)).toBe('0 produit supplémentaire chargé');
    expect(plural('shop.loaded', 24)).toBe('24 produits supplémentaires chargés');
    setShopLanguage('es');
    expect(adminPlural('admin.export.rows', 1)).toBe('1 fila');
    expect(adminPlural('admin.export.rows', 250)).toBe('250 filas');
    setShopLanguage('ar');
    expect(plural('product.count', 1)).toBe('منتج واحد');
    expect(plural('product.count', 2)).toBe('منتجان');
    expect(plural('product.count', 5)).toMatch(/^\S+ منتجات$/);
    expect(plural('product.count', 11)).toMatch(/^\S+ منتجًا$/);
  });
});
