import { Form, useActionData } from 'react-router';
import type { Route } from './+types/admin.search';
import { requireStaff, SETTINGS_ROLES } from '../features/admin/admin.server.ts';
import { CsrfField } from '../features/account/components/form-parts.tsx';
import { AdminTable } from '../features/admin/components/admin-table.tsx';
import { searchStats, type SearchStat } from '../features/search/search-stats.server.ts';
import { deleteSynonymGroup, listSynonymGroups, saveSynonymGroup, type SynonymGroup } from '../features/search/synonyms.server.ts';
import { SYNONYM_GROUP_MAX_TERMS, SYNONYM_TERM_MAX_CHARS } from '../features/search/synonyms.schema.ts';
import { SEARCH } from '../config/constants.ts';
import { formAction } from '../lib/action.server.ts';
import { isActionError, type ActionError } from '../lib/action.ts';
import { HttpError } from '../lib/http-error.ts';
import { formToObject, idFromText } from '../lib/validate.ts';
import { t } from '../i18n/t-admin.ts';

/* Search for staff: synonym groups the engine honours, and what shoppers searched for. */

export const meta: Route.MetaFunction = () => [{ title: `Search · ${t('admin.title')}` }];

export async function loader({ context, request }: Route.LoaderArgs) {
  requireStaff(context, request, SETTINGS_ROLES);
  const { db } = context.services;
  const [groups, stats] = await Promise.all([listSynonymGroups(db), searchStats(db)]);
  return { groups, ...stats };
}

const groupId = (v: string | undefined) => {
  const id = idFromText(v);
  if (id === null) throw new HttpError(400, 'invalid', 'Missing group id.');
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
        return { ok: 'Synonym group added.' };
      case 'update':
        await saveSynonymGroup(db, groupId(values.id), { terms: values.terms });
        return { ok: 'Synonym group saved.' };
      case 'delete':
        await deleteSynonymGroup(db, groupId(values.id));
        return { ok: 'Synonym group deleted.' };
      default:
        throw new HttpError(400, 'invalid', 'Unknown action.');
    }
  }, values);
}

const statColumns = [
  { header: 'Search', cell: (s: SearchStat) => s.query, rowHeader: true },
  { header: 'Searches', cell: (s: SearchStat) => s.searches, numeric: true },
  { header: 'Results', cell: (s: SearchStat) => s.hits, numeric: true },
];

export default function AdminSearch({ loaderData }: Route.ComponentProps) {
  const { groups, top, noResults } = loaderData;
  const result = useActionData<ActionError | { ok: string }>();
  const error = isActionError(result) ? result : undefined;
  const addError = error?.values?.intent === 'add' ? error : undefined;
  const groupColumns = [
    { header: 'Words that mean the same', cell: (g: SynonymGroup) => g.terms.join(' = '), rowHeader: true },
    {
      header: 'Change',
      hideHeader: true,
      cell: (g: SynonymGroup) => {
        const mine = error?.values?.intent === 'update' && error.values.id === String(g.id) ? error : undefined;
        return (
          <>
            <Form method="post" className="inline-form">
              <CsrfField />
              <input type="hidden" name="id" value={g.id} />
              <label htmlFor={`terms-${g.id}`} className="visually-hidden">Words of the group {g.terms.join(' = ')}</label>
              <input
                id={`terms-${g.id}`}
                name="terms"
                defaultValue={mine?.values?.terms ?? g.terms.join(', ')}
                aria-invalid={mine ? true : undefined}
                aria-describedby={mine ? `terms-${g.id}-error` : undefined}
              />
              {mine ? <p id={`terms-${g.id}-error`} className="field-error">{mine.error.fields?.terms ?? mine.error.message}</p> : null}
              <button type="submit" className="button" name="intent" value="update">Save</button>
            </Form>
            <Form method="post" className="inline-form">
              <CsrfField />
              <input type="hidden" name="id" value={g.id} />
              <button type="submit" className="button button--secondary" name="intent" value="delete">Delete<span className="visually-hidden"> {g.terms.join(' = ')}</span></button>
            </Form>
          </>
        );
      },
    },
  ];
  return (
    <>
      <h1>Search</h1>
      {result && !error ? <p className="notice" role="status">{(result as { ok: string }).ok}</p> : null}
      {error ? <p className="notice notice--error" role="alert">{error.error.message}</p> : null}

      <h2>Synonyms</h2>
      <p className="hint">A search for any word of a group also finds products with the group’s other words, in the search box and on the results.</p>
      <AdminTable label="Synonym groups" columns={groupColumns} rows={groups} rowKey={(g) => g.id} empty={<p>No synonyms yet.</p>} />
      <Form method="post" className="admin-form">
        <CsrfField />
        <fieldset>
          <legend>New synonym group</legend>
          <div className="form-row">
            <label htmlFor="field-terms">Words that mean the same</label>
            <input
              id="field-terms"
              name="terms"
              required
              defaultValue={addError?.values?.terms ?? ''}
              placeholder="tee, t-shirt"
              aria-invalid={addError ? true : undefined}
              aria-describedby={addError ? 'field-terms-hint field-terms-error' : 'field-terms-hint'}
            />
            <p id="field-terms-hint" className="hint">
              2 to {SYNONYM_GROUP_MAX_TERMS} words or phrases of up to {SYNONYM_TERM_MAX_CHARS} characters, separated by commas or “=”.
            </p>
            {addError ? <p id="field-terms-error" className="field-error">{addError.error.fields?.terms ?? addError.error.message}</p> : null}
          </div>
          <button type="submit" className="button" name="intent" value="add">Add group</button>
        </fieldset>
      </Form>

      <h2>Top searches</h2>
      <p className="hint">Searches shoppers submitted over the last {SEARCH.statsDays} days (first results page; suggestions while typing are not counted).</p>
      <AdminTable label="Top searches" columns={statColumns} rows={top} rowKey={(s) => s.query} empty={<p>No searches yet.</p>} />
      <h2>Searches with no results</h2>
      <AdminTable label="Searches with no results" columns={statColumns} rows={noResults} rowKey={(s) => s.query} empty={<p>None.</p>} />
    </>
  );
}
