import { useEffect, useId, useState, type Key, type ReactNode } from 'react';
import { Form } from 'react-router';
import { CsrfField } from '../../account/components/form-parts.tsx';
import { plural, t } from '../../../i18n/t-admin.ts';
import { AdminTable, type AdminColumn } from './admin-table.tsx';

/*
 * The admin's list screen in one piece: a search and filter form (GET, so every view has its
 * address and works without scripts), sorting, page links, and bulk actions over the rows
 * ticked. The rows are an AdminTable (a table when wide, cards at phone width). Ticked rows
 * belong to the bulk form through the `form` attribute, so rows may hold forms of their own
 * (row actions, quick edit) without nesting forms.
 */

export interface ListOption {
  value: string;
  label: string;
}

export interface ListFilter {
  /** Query parameter. */
  name: string;
  label: string;
  value: string;
  /** A menu of options (the default), a day picked in the browser's date field, or an e-mail typed. */
  kind?: 'select' | 'date' | 'email';
  /** The first one is usually "All …" with value "". */
  options?: ListOption[];
}

export interface ListBulk<Row> {
  /** Where the bulk form posts (a route action reading `intent=bulk`, `action` and `ids`). */
  action: string;
  actions: ListOption[];
  /** Fields some actions need (a percentage, a status), shown beside the action menu. */
  extra?: ReactNode;
  /** The row's id as posted in `ids`. */
  id: (row: Row) => string;
  /** The checkbox's accessible name, e.g. "Select Blue hoodie". */
  label: (row: Row) => string;
}

export interface AdminListProps<Row> {
  label: string;
  rows: readonly Row[];
  rowKey: (row: Row) => Key;
  columns: readonly AdminColumn<Row>[];
  /** The list's own address, without query. */
  path: string;
  search?: { name: string; label: string; value: string; placeholder?: string };
  filters?: ListFilter[];
  sort?: { value: string; dir: 'asc' | 'desc'; options: ListOption[] };
  /** Other query parameters the search form keeps (e.g. the status tab). */
  keep?: Record<string, string>;
  page: number;
  pages: number;
  total: number;
  /** The address of another page of the same view. */
  pageHref: (page: number) => string;
  bulk?: ListBulk<Row>;
  empty?: ReactNode;
  stack?: 'medium' | 'wide';
}

export function AdminList<Row>(props: AdminListProps<Row>) {
  const { label, rows, columns, search, filters = [], sort, keep = {}, bulk } = props;
  const formId = `bulk-${useId().replace(/[^a-zA-Z0-9_-]/g, '')}`;
  const [selected, setSelected] = useState<Set<string>>(new Set());
  // The "select all" box needs scripts; without them each row's box still works.
  const [scripted, setScripted] = useState(false);
  useEffect(() => setScripted(true), []);
  useEffect(() => setSelected(new Set()), [rows]);

  const allIds = bulk ? rows.map(bulk.id) : [];
  const allChosen = allIds.length > 0 && allIds.every((id) => selected.has(id));
  const toggle = (id: string, on: boolean) =>
    setSelected((s) => {
      const next = new Set(s);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });

  const selectColumn: AdminColumn<Row> | null = bulk
    ? {
        header: t('admin.list.select'),
        hideHeader: true,
        cell: (row) => (
          <input
            type="checkbox"
            name="ids"
            value={bulk.id(row)}
            form={formId}
            aria-label={bulk.label(row)}
            checked={selected.has(bulk.id(row))}
            onChange={(e) => toggle(bulk.id(row), e.currentTarget.checked)}
            className="admin-list__check"
          />
        ),
      }
    : null;

  return (
    <div className="admin-list">
      {search || filters.length || sort ? (
        <form method="get" action={props.path} className="admin-list__query" role="search" aria-label={t('admin.list.filter', { label })}>
          {Object.entries(keep).map(([k, v]) => (v ? <input key={k} type="hidden" name={k} value={v} /> : null))}
          {search ? (
            <div className="admin-list__field admin-list__field--search">
              <label htmlFor={`${formId}-q`}>{search.label}</label>
              <input id={`${formId}-q`} type="search" name={search.name} defaultValue={search.value} placeholder={search.placeholder} />
            </div>
          ) : null}
          {filters.map((f) => (
            <div className="admin-list__field" key={f.name}>
              <label htmlFor={`${formId}-${f.name}`}>{f.label}</label>
              {f.kind === 'date' || f.kind === 'email' ? (
                <input id={`${formId}-${f.name}`} type={f.kind} name={f.name} defaultValue={f.value} />
              ) : (
                <select id={`${formId}-${f.name}`} name={f.name} defaultValue={f.value}>
                  {(f.options ?? []).map((o) => (
                    <option key={o.value} value={o.value}>
                      {o.label}
                    </option>
                  ))}
                </select>
              )}
            </div>
          ))}
          {sort ? (
            <>
              <div className="admin-list__field">
                <label htmlFor={`${formId}-sort`}>{t('admin.list.sort')}</label>
                <select id={`${formId}-sort`} name="sort" defaultValue={sort.value}>
                  {sort.options.map((o) => (
                    <option key={o.value} value={o.value}>
                      {o.label}
                    </option>
                  ))}
                </select>
              </div>
              <div className="admin-list__field">
                <label htmlFor={`${formId}-dir`}>{t('admin.list.order')}</label>
                <select id={`${formId}-dir`} name="dir" defaultValue={sort.dir}>
                  <option value="asc">{t('admin.list.asc')}</option>
                  <option value="desc">{t('admin.list.desc')}</option>
                </select>
              </div>
            </>
          ) : null}
          <button type="submit" className="button button--small">
            {t('admin.list.apply')}
          </button>
        </form>
      ) : null}

      {bulk && rows.length ? (
        <Form method="post" action={bulk.action} id={formId} className="admin-list__bulk" aria-label={t('admin.list.bulk', { label })}>
          <CsrfField />
          <input type="hidden" name="intent" value="bulk" />
          {scripted ? (
            <label className="admin-list__all">
              <input type="checkbox" checked={allChosen} onChange={(e) => setSelected(e.currentTarget.checked ? new Set(allIds) : new Set())} />
              {t('admin.list.selectAll')}
            </label>
          ) : null}
          <div className="admin-list__field">
            <label htmlFor={`${formId}-action`}>{t('admin.list.bulkAction')}</label>
            <select id={`${formId}-action`} name="action" defaultValue="">
              <option value="" disabled>
                {t('admin.list.choose')}
              </option>
              {bulk.actions.map((o) => (
                <option key={o.value} value={o.value}>
                  {o.label}
                </option>
              ))}
            </select>
          </div>
          {bulk.extra}
          <button type="submit" className="button button--small">
            {t('admin.list.applyBulk')}
          </button>
          {scripted ? (
            // A live region without the status role: pages keep role="status" for their own notices.
            <span className="hint" aria-live="polite">
              {plural('admin.list.selected', selected.size)}
            </span>
          ) : null}
        </Form>
      ) : null}

      <p className="admin-list__count hint">
        {t('admin.list.count', { count: props.total, page: props.page, pages: props.pages })}
      </p>
      <AdminTable label={label} rows={rows} rowKey={props.rowKey} columns={selectColumn ? [selectColumn, ...columns] : columns} empty={props.empty} stack={props.stack} />
      <ListPages page={props.page} pages={props.pages} href={props.pageHref} />
    </div>
  );
}

function ListPages({ page, pages, href }: { page: number; pages: number; href: (p: number) => string }) {
  if (pages <= 1) return null;
  const shown = [...new Set([1, page - 1, page, page + 1, pages])].filter((p) => p >= 1 && p <= pages).sort((a, b) => a - b);
  return (
    <nav className="admin-list__pages" aria-label={t('admin.list.pages')}>
      <ul>
        {page > 1 ? (
          <li>
            <a href={href(page - 1)} rel="prev">
              {t('admin.list.previous')}
            </a>
          </li>
        ) : null}
        {shown.map((p) => (
          <li key={p}>
            {p === page ? (
              <span aria-current="page">{p}</span>
            ) : (
              <a href={href(p)} aria-label={t('admin.list.page', { page: p })}>
                {p}
              </a>
            )}
          </li>
        ))}
        {page < pages ? (
          <li>
            <a href={href(page + 1)} rel="next">
              {t('admin.list.next')}
            </a>
          </li>
        ) : null}
      </ul>
    </nav>
  );
}

/** A list view's address: the path and the query parameters that are set. */
export function listHref(path: string, params: Record<string, string | number | undefined | null>): string {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v !== undefined && v !== null && v !== '' && !(k === 'page' && v === 1)) q.set(k, String(v));
  const s = q.toString();
  return s ? `${path}?${s}` : path;
}
