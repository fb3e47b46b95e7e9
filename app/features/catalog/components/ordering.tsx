import { useEffect, useState } from 'react';
import { Form } from 'react-router';
import { t } from '../../../i18n/t.ts';
import type { MessageKey } from '../../../i18n/t.ts';
import { ORDERINGS, type Ordering } from '../orderings.ts';

/**
 * The ordering dropdown: a GET form that submits itself on change. Without scripts the
 * "Sort" button does it. Other query values (price filter, search) are kept.
 */
export function OrderingForm({ value, keep }: { value: Ordering; keep: Record<string, string> }) {
  const [scripted, setScripted] = useState(false);
  useEffect(() => setScripted(true), []);
  return (
    <Form className="ordering" method="get">
      {Object.entries(keep).map(([k, v]) => (
        <input key={k} type="hidden" name={k} value={v} />
      ))}
      <label htmlFor="orderby" className="visually-hidden">
        {t('shop.orderLabel')}
      </label>
      <select id="orderby" name="orderby" defaultValue={value} onChange={(e) => e.currentTarget.form?.requestSubmit()}>
        {ORDERINGS.map((o) => (
          <option key={o} value={o}>
            {t(`shop.order.${o}` as MessageKey)}
          </option>
        ))}
      </select>
      {scripted ? null : (
        <button type="submit" className="button button--ghost">
          {t('shop.orderApply')}
        </button>
      )}
    </Form>
  );
}
