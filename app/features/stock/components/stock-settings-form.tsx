import { Form } from 'react-router';
import { CsrfField, Field, FormErrors, fieldError } from '../../account/components/form-parts.tsx';
import type { ActionError } from '../../../lib/action.ts';
import { perLanguage, t } from '../../../i18n/t-admin.ts';
import type { StockSettingsValues } from '../stock.ts';
import { CheckField } from '../../../ui/form-kit.tsx';

export const STOCK_SETTING_LABELS = perLanguage(() => ({
  stockLowThreshold: t('admin.stock.threshold'),
  stockNotifyLow: t('admin.stock.notifyLow'),
  stockNotifyOut: t('admin.stock.notifyOut'),
  stockNotificationEmail: t('admin.stock.recipient'),
}));

/** A disclosure holding the form, open while it shows an error. */
export function StockSettingsForm({ values, error, saved }: { values: StockSettingsValues; error?: ActionError; saved?: boolean }) {
  const v = (k: keyof StockSettingsValues) => error?.values?.[k] ?? String(values[k]);
  return (
    <details className="stock-settings" open={error ? true : undefined}>
      <summary>{t('admin.stock.settings')}</summary>
      {saved ? (
        <p className="notice" role="status">
          {t('admin.stock.saved')}
        </p>
      ) : null}
      <FormErrors result={error} labels={STOCK_SETTING_LABELS} />
      <Form method="post" className="admin-form" noValidate aria-label={t('admin.stock.settings')}>
        <CsrfField />
        <input type="hidden" name="intent" value="settings" />
        <Field
          name="stockLowThreshold"
          label={STOCK_SETTING_LABELS.stockLowThreshold}
          hint={t('admin.stock.thresholdHint')}
          defaultValue={v('stockLowThreshold')}
          error={fieldError(error, 'stockLowThreshold')}
        />
        <CheckField name="stockNotifyLow" label={STOCK_SETTING_LABELS.stockNotifyLow} checked={values.stockNotifyLow} />
        <CheckField name="stockNotifyOut" label={STOCK_SETTING_LABELS.stockNotifyOut} checked={values.stockNotifyOut} />
        <Field
          name="stockNotificationEmail"
          type="email"
          label={STOCK_SETTING_LABELS.stockNotificationEmail}
          hint={t('admin.stock.recipientHint')}
          defaultValue={v('stockNotificationEmail')}
          error={fieldError(error, 'stockNotificationEmail')}
        />
        <button type="submit" className="button">
          {t('admin.stock.saveSettings')}
        </button>
      </Form>
    </details>
  );
}
