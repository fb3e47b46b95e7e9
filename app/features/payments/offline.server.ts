import type { BankAccount, OfflineGatewayId, StoreSettings } from '../settings/settings.schema.ts';
import type { OrderDetail, PaymentInstructions } from '../orders/orders.ts';
import type { PaymentGateway } from './gateway.ts';

/*
 * The offline methods: bank transfer (bacs), cheque and cash on delivery (cod). Nothing is
 * charged online: bank transfer and cheque orders wait on hold until the shop sees the
 * money; cash on delivery goes straight to processing (WooCommerce's behaviour).
 */

/** The fields of a bank account in the order WooCommerce lists them, the account's name first. */
const ACCOUNT_LABELS: [keyof BankAccount, string][] = [
  ['accountName', 'Account name'],
  ['bankName', 'Bank'],
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
    outcome: { status, note },
    async process() {
      return { status, note };
    },
    instructions(order: OrderDetail, s: StoreSettings): PaymentInstructions | null {
      const c = cfg(s);
      // Bank transfer: each account set in the payment settings with its filled-in fields. With
      // none, there are no bank details to head: the method's own title and text only.
      const accounts =
        id === 'bacs'
          ? s.payments.bacs.accounts
              .map((account) => ACCOUNT_LABELS.filter(([key]) => account[key]).map(([key, label]) => ({ label, value: account[key] })))
              .filter((fields) => fields.length > 0)
          : [];
      if (accounts.length) {
        const reference = { label: 'Payment reference', value: `Order ${order.id}` };
        return { title: 'Our bank details', text: c.instructions, details: [reference, ...accounts.flat()], accounts };
      }
      if (!c.instructions) return null;
      return { title: c.title, text: c.instructions, details: [], accounts: [] };
    },
  };
}

export const bacs = offline('bacs', 'on-hold', 'Awaiting bank transfer.');
export const cheque = offline('cheque', 'on-hold', 'Awaiting cheque payment.');
export const cod = offline('cod', 'processing', 'Payment to be made upon delivery.');
