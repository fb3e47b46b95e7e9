import { Form } from 'react-router';
import { CsrfField } from '../../account/components/form-parts.tsx';
import { useOrderDate } from '../../checkout/components/order-view.tsx';
import type { DocumentLinks } from '../invoices.server.ts';
import { t } from '../../../i18n/t-admin.ts';

/**
 * The admin order page's "Documents": the invoice (or the button that issues it), the credit
 * notes and the packing slip, each a PDF download (plain links: they work without scripts).
 */
export function OrderDocuments({ orderId, documents, canInvoice, issued }: { orderId: number; documents: DocumentLinks; canInvoice: boolean; issued: boolean }) {
  const orderDate = useOrderDate();
  const base = `/admin/orders/${orderId}/documents`;
  return (
    <section aria-labelledby="order-documents" id="order-documents-section">
      <h2 id="order-documents">{t('admin.invoices.section')}</h2>
      {issued ? (
        <p className="notice" role="status">
          {t('admin.invoices.issued')}
        </p>
      ) : null}
      <ul className="order-documents">
        <li>
          {documents.invoice ? (
            <>
              <a href={`${base}/invoice`} download>
                {t('admin.invoices.invoice', { number: documents.invoice.number })}
              </a>{' '}
              <span className="hint">{t('admin.invoices.issuedOn', { date: orderDate(documents.invoice.createdAt) })}</span>
            </>
          ) : (
            <>
              <span>{t('admin.invoices.none')}</span>
              {canInvoice ? (
                <Form method="post" action={`${base}/invoice`} className="inline-form">
                  <CsrfField />
                  <button type="submit" name="intent" value="issue" className="button button--small">
                    {t('admin.invoices.issue')}
                  </button>
                </Form>
              ) : null}
            </>
          )}
        </li>
        {documents.creditNotes.length ? (
          <li>
            <a href={`${base}/credit-notes`} download>
              {t('admin.invoices.creditNotes', { numbers: documents.creditNotes.map((c) => c.number).join(', ') })}
            </a>
          </li>
        ) : null}
        <li>
          <a href={`${base}/packing-slip`} download>
            {t('admin.invoices.packingSlip')}
          </a>
        </li>
      </ul>
    </section>
  );
}
