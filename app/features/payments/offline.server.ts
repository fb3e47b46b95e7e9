import type { BankAccount, OfflineGatewayId, StoreSettings } from '../admin/settings.schema.ts';
import type { OrderDetail, PaymentInstructions } from '../orders/orders.ts';
import type { PaymentGateway } from './gateway.ts';

/*
 * The offline methods: bank transfer (bacs), cheque and cash on delivery (cod). Nothing is
 * charged online: bank transfer and cheque orders wait on hold until the shop sees the
 * money; cash on delivery goes straight to processing (WooCommerce's behaviour).
 */

const ACCOUNT_LABELS: [keyof BankAccount, string][] = [
  ['bankName', 'Bank'],
  ['accountName', 'Account name'],
  ['accountNumber', 'Account number'],
  ['sortCode', 'Sort code'],
  ['iban', 'IBAN'],
  ['bic', 'BIC / Swift'],
];

function offline(id: OfflineGatewayId, status: 'on-hold' | 'processing', note: string): PaymentGateway {
  const cfg = (s: StoreSettings) => s.payments[id];
  return {
    id,
    defaultTitle: { bacs: 'Direct bank transfer', cheque: 'Check payments', cod: 'Cash on delivery' }[id],
    enabled: (s) => cfg(s).enabled,
    title: (s) => cfg(s).title,
    description: (s) => cfg(s).description,
    async process() {
      return { status, note };
    },
    instructions(order: OrderDetail, s: StoreSettings): PaymentInstructions | null {
      const c = cfg(s);
      const details: PaymentInstructions['details'] = [];
      if (id === 'bacs') {
        details.push({ label: 'Payment reference', value: `Order ${order.id}` });
        for (const account of s.payments.bacs.accounts) {
          for (const [key, label] of ACCOUNT_LABELS) if (account[key]) details.push({ label, value: account[key] });
        }
      }
      if (!c.instructions && details.length === 0) return null;
      return { title: id === 'bacs' ? 'Our bank details' : c.title, text: c.instructions, details };
    },
  };
}

export const bacs = offline('bacs', 'on-hold', 'Awaiting bank transfer.');
export const cheque = offline('cheque', 'on-hold', 'Awaiting cheque payment.');
export const cod = offline('cod', 'processing', 'Payment to be made upon delivery.');
