import { describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS } from '../settings/settings.schema.ts';
import { availableMethods, chooseGateway, paymentSettingsFromForm } from './payments.server.ts';

describe('payment methods', () => {
  it('a new shop offers bank transfer, cheque and cash on delivery', () => {
    expect(availableMethods(DEFAULT_SETTINGS).map((m) => [m.id, m.title])).toEqual([
      ['bacs', 'Direct bank transfer'],
      ['cheque', 'Check payments'],
      ['cod', 'Cash on delivery'],
    ]);
  });

  it('refuses a disabled or unknown method with a field message', () => {
    const off = { ...DEFAULT_SETTINGS, payments: { ...DEFAULT_SETTINGS.payments, cod: { ...DEFAULT_SETTINGS.payments.cod, enabled: false } } };
    expect(() => chooseGateway('cod', off)).toThrow(expect.objectContaining({ status: 400, fields: { payment_method: 'This payment method is not available' } }));
    expect(() => chooseGateway('paypal', DEFAULT_SETTINGS)).toThrow(expect.objectContaining({ status: 400 }));
    expect(chooseGateway('bacs', DEFAULT_SETTINGS).id).toBe('bacs');
  });

  it('reads the admin form, bank accounts included, dropping empty rows', () => {
    expect(
      paymentSettingsFromForm({
        _csrf: 'x', enabled: '1', title: 'Bank transfer', 'accounts.0.accountName': 'Shop Ltd', 'accounts.0.iban': 'GB00', 'accounts.1.accountName': ' ', 'accounts.2.bic': 'ABCD', 'accounts.x.iban': 'ignored',
      }),
    ).toEqual({ enabled: '1', title: 'Bank transfer', accounts: [{ accountName: 'Shop Ltd', iban: 'GB00' }, { bic: 'ABCD' }] });
  });
});
