import { useState, type CSSProperties } from 'react';
import { Form, Link, useActionData, useLoaderData, useNavigation, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from 'react-router';
import { DndContext, KeyboardSensor, PointerSensor, closestCenter, useSensor, useSensors, type DragEndEvent } from '@dnd-kit/core';
import { SortableContext, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { requireStaff } from '../features/admin/admin.server.ts';
import { CsrfField } from '../features/account/components/form-parts.tsx';
import { MENU_ADMIN_ROLES } from '../features/menus/admin-roles.ts';
import { deleteMenu, getMenu, parseLocation } from '../features/menus/menus.server.ts';
import { saveMenu } from '../features/menus/menus.server.ts';
import { MENU_ITEM_KINDS, MENU_LOCATIONS, type MenuItemKind, type MenuLocation } from '../features/menus/menus.schema.ts';
import { flatten, moveBlockTo, moveRow, shiftRow, toTree, type Row } from '../features/menus/menu-tree.ts';
import { MENU_LIMITS } from '../config/constants.ts';
import { formAction } from '../lib/action.server.ts';
import { isActionError, type ActionError } from '../lib/action.ts';
import { HttpError } from '../lib/http-error.ts';
import { formToObject } from '../lib/validate.ts';
import { t } from '../i18n/t-admin.ts';

/* /admin/menus: one menu per location; items added, edited, nested and reordered with buttons, keys or a drag. */

export const meta: MetaFunction = () => [{ title: `${t('admin.menus.title')} · ${t('admin.title')}` }];

const locationOf = (request: Request): MenuLocation => {
  const raw = new URL(request.url).searchParams.get('location') ?? 'main';
  return (MENU_LOCATIONS as readonly string[]).includes(raw) ? (raw as MenuLocation) : 'main';
};

export async function loader({ context, request }: LoaderFunctionArgs) {
  requireStaff(context, request, MENU_ADMIN_ROLES);
  const { db } = context.services;
  const location = locationOf(request);
  const menu = await getMenu(db, location);
  const categories: { id: number; name: string; path: string }[] = await db.selectFrom('categories').select(['id', 'name', 'path']).orderBy('path').execute();
  const saved: { location: string }[] = await db.selectFrom('menus').select('location').execute();
  return { location, menu, categories, saved: saved.map((m) => m.location) };
}

export async function action({ context, request }: ActionFunctionArgs) {
  requireStaff(context, request, MENU_ADMIN_ROLES);
  const values = formToObject(await request.formData());
  const { db } = context.services;
  return formAction(async () => {
    const location = parseLocation(values.location);
    if (values.intent === 'delete') {
      await deleteMenu(db, location);
      return { done: t('admin.menus.deleted') };
    }
    if (values.intent !== 'save') throw new HttpError(400, 'invalid', t('admin.unknownRequest'));
    let items: unknown;
    try {
      items = JSON.parse(values.items ?? '[]');
    } catch {
      throw new HttpError(400, 'invalid', t('admin.menus.unreadable'), { items: t('admin.menus.notJson') });
    }
    await saveMenu(db, location, { name: values.name, items });
    return { done: t('admin.menus.saved') };
  }, { name: values.name ?? '' });
}

let nextKey = 0;
const newRow = (): Row => ({ key: `n${(nextKey += 1)}`, depth: 0, label: '', kind: 'url', target: '/', targetId: null, megaColumns: 0, prompt: false });

export default function AdminMenus() {
  const data = useLoaderData<typeof loader>();
  const result = useActionData<ActionError | { done: string }>();
  return (
    <>
      <h1>{t('admin.menus.title')}</h1>
      <p className="hint">{t('admin.menus.intro')}</p>
      <nav aria-label={t('admin.menus.locations')} className="admin-tabs">
        <ul>
          {MENU_LOCATIONS.map((l) => (
            <li key={l}>
              <Link to={`?location=${l}`} aria-current={l === data.location ? 'page' : undefined}>
                {t(`admin.menus.location.${l}`)}
                {data.saved.includes(l) ? '' : ' —'}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      {isActionError(result) ? (
        <div className="notice notice--error" role="alert">
          <p>{result.error.message}</p>
        </div>
      ) : result ? (
        <p className="notice" role="status">
          {(result as { done: string }).done}
        </p>
      ) : null}
      {data.menu ? null : <p>{t('admin.menus.none')}</p>}
      {/* Keyed by location and save time: another menu, or the saved one, starts afresh. */}
      <MenuEditor key={`${data.location}:${data.menu?.updatedAt ?? ''}`} data={data} />
    </>
  );
}

type Data = Awaited<ReturnType<typeof loader>>;

function MenuEditor({ data }: { data: Data }) {
  const navigation = useNavigation();
  const [name, setName] = useState(data.menu?.name ?? t(`admin.menus.location.${data.location}`));
  const [rows, setRows] = useState<Row[]>(() => flatten(data.menu?.items ?? []));
  const [said, setSaid] = useState('');
  const update = (i: number, patch: Partial<Row>) => setRows((rs) => rs.map((r, j) => (j === i ? { ...r, ...patch } : r)));
  const sensors = useSensors(useSensor(PointerSensor, { activationConstraint: { distance: 4 } }), useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }));
  /** Applies a move and keeps focus on the button that made it, announcing where the row went. */
  const move = (i: number, next: Row[], focus: string) => {
    if (next === rows) return;
    const key = rows[i]!.key;
    setRows(next);
    const at = next.findIndex((r) => r.key === key);
    setSaid(t('admin.menus.moved', { label: rows[i]!.label || '—', position: at + 1, count: next.length }));
    requestAnimationFrame(() => document.querySelector<HTMLElement>(`[data-row="${key}"] [data-action="${focus}"]`)?.focus());
  };
  const end = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    const from = rows.findIndex((r) => r.key === active.id);
    const to = rows.findIndex((r) => r.key === over.id);
    setRows(moveBlockTo(rows, from, to));
  };
  return (
    <Form method="post" className="admin-form menu-editor" noValidate>
      <CsrfField />
      <input type="hidden" name="location" value={data.location} />
      <input type="hidden" name="items" value={JSON.stringify(toTree(rows))} />
      <div className="form-row">
        <label htmlFor="menu-name">{t('admin.menus.name')}</label>
        <input id="menu-name" name="name" value={name} onChange={(e) => setName(e.target.value)} maxLength={MENU_LIMITS.labelMax} required />
      </div>
      <h2>{t('admin.menus.items')}</h2>
      <p className="visually-hidden" role="status" aria-live="polite">
        {said}
      </p>
      {rows.length === 0 ? <p>{t('admin.menus.empty')}</p> : null}
      <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={end}>
        <SortableContext items={rows.map((r) => r.key)} strategy={verticalListSortingStrategy}>
          <ol className="menu-editor__rows">
            {rows.map((r, i) => (
              <MenuRow
                key={r.key}
                row={r}
                index={i}
                categories={data.categories}
                onChange={(patch) => update(i, patch)}
                onMove={(by) => move(i, moveRow(rows, i, by), by < 0 ? 'up' : 'down')}
                onShift={(by) => move(i, shiftRow(rows, i, by), by < 0 ? 'outdent' : 'indent')}
                onRemove={() => setRows(rows.filter((_, j) => j !== i))}
              />
            ))}
          </ol>
        </SortableContext>
      </DndContext>
      <p>
        <button
          type="button"
          className="button button--secondary"
          onClick={() => {
            const row = newRow();
            setRows((rs) => [...rs, row]);
            requestAnimationFrame(() => document.querySelector<HTMLElement>(`[data-row="${row.key}"] input`)?.focus());
          }}
        >
          {t('admin.menus.add')}
        </button>
      </p>
      <p className="menu-editor__actions">
        <button type="submit" name="intent" value="save" className="button" disabled={navigation.state === 'submitting'}>
          {t('admin.menus.save')}
        </button>
        {data.menu ? (
          <button type="submit" name="intent" value="delete" className="button button--secondary" formNoValidate>
            {t('admin.menus.delete')}
          </button>
        ) : null}
      </p>
    </Form>
  );
}

function MenuRow({
  row,
  index,
  categories,
  onChange,
  onMove,
  onShift,
  onRemove,
}: {
  row: Row;
  index: number;
  categories: Data['categories'];
  onChange: (patch: Partial<Row>) => void;
  onMove: (by: -1 | 1) => void;
  onShift: (by: -1 | 1) => void;
  onRemove: () => void;
}) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({ id: row.key });
  const style: CSSProperties = {
    transform: transform ? `translate3d(0, ${Math.round(transform.y)}px, 0)` : undefined,
    transition,
    marginInlineStart: `${row.depth * 2}rem`,
    zIndex: isDragging ? 1 : undefined,
    position: isDragging ? 'relative' : undefined,
  };
  const label = row.label || '—';
  const id = (f: string) => `menu-row-${index}-${f}`;
  return (
    <li ref={setNodeRef} style={style} className="menu-editor__row" data-row={row.key} data-depth={row.depth}>
      <button type="button" className="icon-button menu-editor__handle" ref={setActivatorNodeRef} {...attributes} {...listeners} aria-label={t('admin.menus.drag', { label })}>
        <svg aria-hidden="true" viewBox="0 0 24 24" width="18" height="18">
          <path d="M9 5h.01M15 5h.01M9 12h.01M15 12h.01M9 19h.01M15 19h.01" stroke="currentColor" strokeWidth="3" strokeLinecap="round" />
        </svg>
      </button>
      <div className="menu-editor__fields">
        <div className="menu-editor__cell">
          <label htmlFor={id('label')}>{t('admin.menus.label')}</label>
          <input id={id('label')} value={row.label} maxLength={MENU_LIMITS.labelMax} onChange={(e) => onChange({ label: e.target.value })} />
        </div>
        <div className="menu-editor__cell">
          <label htmlFor={id('kind')}>{t('admin.menus.kind')}</label>
          <select id={id('kind')} value={row.kind} onChange={(e) => onChange({ kind: e.target.value as MenuItemKind })}>
            {MENU_ITEM_KINDS.map((k) => (
              <option key={k} value={k}>
                {t(`admin.menus.kind.${k}`)}
              </option>
            ))}
          </select>
        </div>
        <div className="menu-editor__cell">
          {row.kind === 'category' ? (
            <>
              <label htmlFor={id('cat')}>{t('admin.menus.category')}</label>
              <select id={id('cat')} value={row.targetId ?? ''} onChange={(e) => onChange({ targetId: Number(e.target.value) || null })}>
                <option value="">—</option>
                {categories.map((c) => (
                  <option key={c.id} value={c.id}>
                    {c.path}
                  </option>
                ))}
              </select>
            </>
          ) : row.kind === 'product' ? (
            <>
              <label htmlFor={id('pid')}>{t('admin.menus.targetId')}</label>
              <input id={id('pid')} inputMode="numeric" value={row.targetId ?? ''} onChange={(e) => onChange({ targetId: Number(e.target.value) || null })} />
            </>
          ) : (
            <>
              <label htmlFor={id('target')}>{t('admin.menus.target')}</label>
              <input id={id('target')} value={row.target} onChange={(e) => onChange({ target: e.target.value })} />
            </>
          )}
        </div>
        {row.depth === 0 ? (
          <div className="menu-editor__cell">
            <label htmlFor={id('mega')}>{t('admin.menus.megaColumns')}</label>
            <input id={id('mega')} type="number" min={0} max={MENU_LIMITS.megaColumnsMax} value={row.megaColumns} onChange={(e) => onChange({ megaColumns: Number(e.target.value) || 0 })} />
          </div>
        ) : null}
        <label className="menu-editor__check">
          <input type="checkbox" checked={row.prompt} onChange={(e) => onChange({ prompt: e.target.checked })} /> {t('admin.menus.prompt')}
        </label>
      </div>
      <div className="menu-editor__buttons">
        <button type="button" className="icon-button" data-action="up" onClick={() => onMove(-1)} aria-label={t('admin.menus.moveUp', { label })}>↑</button>
        <button type="button" className="icon-button" data-action="down" onClick={() => onMove(1)} aria-label={t('admin.menus.moveDown', { label })}>↓</button>
        <button type="button" className="icon-button" data-action="outdent" onClick={() => onShift(-1)} aria-label={t('admin.menus.outdent', { label })}>←</button>
        <button type="button" className="icon-button" data-action="indent" onClick={() => onShift(1)} aria-label={t('admin.menus.indent', { label })}>→</button>
        <button type="button" className="icon-button" onClick={onRemove} aria-label={t('admin.menus.remove', { label })}>✕</button>
      </div>
    </li>
  );
}
