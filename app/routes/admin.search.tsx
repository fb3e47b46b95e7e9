import { Form, useActionData } from 'react-router';
import type { Route } from './+types/admin.search';
import { requireStaff, SETTINGS_ROLES } from '../features/admin/admin.server.ts';
import { CsrfField } from '../features/account/components/form-parts.tsx';
import { ActionNotice } from '../features/admin/components/action-notice.tsx';
import { AdminTable } from '../features/admin/components/admin-table.tsx';
import { searchStats, type SearchStat } from '../features/search/search-stats.server.ts';
import { deleteSynonymGroup, listSynonymGroups, saveSynonymGroup, type SynonymGroup } from '../features/search/synonyms.server.ts';
import { SYNONYM_GROUP_MAX_TERMS, SYNONYM_TERM_MAX_CHARS } from '../features/search/synonyms.schema.ts';
import { SEARCH } from '../config/constants.ts';
import { formAction } from '../lib/action.server.ts';
import { isActionError, type ActionError } from '../lib/action.ts';
import { HttpError } from '../lib/http-error.ts';
import { formToObject, idFromText } from '../lib/validate.ts';
import { perLanguage, t } from '../i18n/t-admin.ts';

/* Search for staff: synonym groups the engine honours, and what shoppers searched for. */

export const meta: Route.MetaFunction = () => [{ title: `${t('admin.search.title')} · ${t('admin.title')}` }];

export async function loader({ context, request }: Route.LoaderArgs) {
  requireStaff(context, request, SETTINGS_ROLES);
  const { db } = context.services;
  const [groups, stats] = await Promise.all([listSynonymGroups(db), searchStats(db)]);
  return { groups, ...stats };
}

const groupId = (v: string | undefined) => {
  const id = idFromText(v);
  if (id === null) throw new HttpError(400, 'invalid', t('admin.search.missingId'));
  return id;
};

export async function action({ context, request }: Route.ActionArgs) {
  requireStaff(context, request, SETTINGS_ROLES);
  const { db } = context.services;
  const values = formToObject(await request.formData());
  return formAction(async () => {
    switch (values.intent) {
      case 'add':
        await saveSynonymGroup(db, null, { terms: values.terms });
        return { done: t('admin.search.added') };
      case 'update':
        await saveSynonymGroup(db, groupId(values.id), { terms: values.terms });
        return { done: t('admin.search.saved') };
      case 'delete':
        await deleteSynonymGroup(db, groupId(values.id));
        return { done: t('admin.search.deleted') };
      default:
        throw new HttpError(400, 'invalid', t('admin.search.unknown'));
    }
  }, values);
}

const statColumns = perLanguage(() => [
  { header: t('admin.search.query'), cell: (s: SearchStat) => s.query, rowHeader: true },
  { header: t('admin.search.searches'), cell: (s: SearchStat) => s.searches, numeric: true },
  { header: t('admin.search.results'), cell: (s: SearchStat) => s.hits, numeric: true },
]);

export default function AdminSearch({ loaderData }: Route.ComponentProps) {
  const { groups, top, noResults } = loaderData;
  const result = useActionData<ActionError | { done: string }>();
  const error = isActionError(result) ? result : undefined;
  const addError = error?.values?.intent === 'add' ? error : undefined;
  const groupColumns = [
    { header: t('admin.search.words'), cell: (g: SynonymGroup) => g.terms.join(' = '), rowHeader: true },
    {
      header: t('admin.search.change'),
      hideHeader: true,
      cell: (g: SynonymGroup) => {
        const mine = error?.values?.intent === 'update' && error.values.id === String(g.id) ? error : undefined;
        return (
          <>
            <Form method="post" className="inline-form">
              <CsrfField />
              <input type="hidden" name="id" value={g.id} />
              <label htmlFor={`terms-${g.id}`} className="visually-hidden">{t('admin.search.groupWords', { terms: g.terms.join(' = ') })}</label>
              <input
                id={`terms-${g.id}`}
                name="terms"
                defaultValue={mine?.values?.terms ?? g.terms.join(', ')}
                aria-invalid={mine ? true : undefined}
                aria-describedby={mine ? `terms-${g.id}-error` : undefined}
              />
              {mine ? <p id={`terms-${g.id}-error`} className="field-error">{mine.error.fields?.terms ?? mine.error.message}</p> : null}
              <button type="submit" className="button" name="intent" value="update">{t('admin.search.save')}</button>
            </Form>
            <Form method="post" className="inline-form">
              <CsrfField />
              <input type="hidden" name="id" value={g.id} />
              <button type="submit" className="button button--secondary" name="intent" value="delete">{t('admin.search.delete')}<span className="visually-hidden"> {g.terms.join(' = ')}</span></button>
            </Form>
          </>
        );
      },
    },
  ];
  return (
    <>
      <h1>{t('admin.search.title')}</h1>
      <ActionNotice result={result} />

      <h2>{t('admin.search.synonyms')}</h2>
      <p className="hint">{t('admin.search.synonymsHint')}</p>
      <AdminTable label={t('admin.search.groups')} columns={groupColumns} rows={groups} rowKey={(g) => g.id} empty={<p>{t('admin.search.noSynonyms')}</p>} />
      <Form method="post" className="admin-form">
        <CsrfField />
        <fieldset>
          <legend>{t('admin.search.newGroup')}</legend>
          <div className="form-row">
            <label htmlFor="field-terms">{t('admin.search.words')}</label>
            <input
              id="field-terms"
              name="terms"
              required
              defaultValue={addError?.values?.terms ?? ''}
              placeholder={t('admin.search.placeholder')}
              aria-invalid={addError ? true : undefined}
              aria-describedby={addError ? 'field-terms-hint field-terms-error' : 'field-terms-hint'}
            />
            <p id="field-terms-hint" className="hint">
              {t('admin.search.termsHint', { max: SYNONYM_GROUP_MAX_TERMS, chars: SYNONYM_TERM_MAX_CHARS })}
            </p>
            {addError ? <p id="field-terms-error" className="field-error">{addError.error.fields?.terms ?? addError.error.message}</p> : null}
          </div>
          <button type="submit" className="button" name="intent" value="add">{t('admin.search.addGroup')}</button>
        </fieldset>
      </Form>

      <h2>{t('admin.search.top')}</h2>
      <p className="hint">{t('admin.search.topHint', { days: SEARCH.statsDays })}</p>
      <AdminTable label={t('admin.search.top')} columns={statColumns} rows={top} rowKey={(s) => s.query} empty={<p>{t('admin.search.noSearches')}</p>} />
      <h2>{t('admin.search.noResults')}</h2>
      <AdminTable label={t('admin.search.noResults')} columns={statColumns} rows={noResults} rowKey={(s) => s.query} empty={<p>{t('admin.search.noneEmpty')}</p>} />
    </>
  );
}
