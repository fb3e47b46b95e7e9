import { t } from '../../../i18n/t.ts';

/** A thin line above the header while a payment provider uses its test keys (test-mode.ts): no real money is taken. */
export function TestModeNotice({ providers }: { providers: string[] }) {
  if (!providers.length) return null;
  return (
    <p className="test-mode-notice" role="status">
      <strong>{t('site.testMode')}</strong>
      {` ${t('site.testModeText', { providers: providers.join(t('site.testModeAnd')) })}`}
    </p>
  );
}
