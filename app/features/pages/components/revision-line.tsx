import type { RevisionSummary } from '../pages-admin.server.ts';
import { plural, t } from '../../../i18n/t-admin.ts';

/** One revision as the editors list it: when (UTC), its version, what wrote it, who, how many blocks. */
export function RevisionLine({ revision: r }: { revision: RevisionSummary }) {
  return (
    <>
      <time dateTime={r.createdAt}>{r.createdAt.slice(0, 16).replace('T', ' ')}</time> · v{r.version} · {t(`admin.pages.kind.${r.kind}`)} ·{' '}
      {r.author || t('admin.pages.authorUnknown')} · {plural('admin.pages.blockCount', r.blockCount)}
    </>
  );
}
