import { FieldLabel } from '@measured/puck';
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { t } from '../../../i18n/t-admin.ts';
import type { LinkTarget } from '../link-targets.ts';
import './setting-fields.css';

/*
 * The visual builder's own setting fields, beside Puck's: a link (an address typed, or a
 * page, product or category found by name), a category (found by name), a colour (picked
 * or typed) and a contact form (chosen from the shop's forms). Each is labelled for screen
 * readers; the pickers are ARIA comboboxes asking /admin/pages/links.json as one types.
 */

interface FieldProps<V> {
  id: string;
  label: string;
  value: V;
  onChange: (value: V) => void;
}

const KIND_LABEL = { page: 'admin.builder.match.page', product: 'admin.builder.match.product', category: 'admin.builder.match.category', form: 'admin.builder.prop.formId' } as const;

/** A text setting with matches to choose from as one types: a link's address or a category's path. */
export function LookupField({ id, label, value, onChange, kind }: FieldProps<string | undefined> & { kind: 'link' | 'category' }) {
  const uid = useId();
  const listId = `${uid}-list`;
  const hintId = `${uid}-hint`;
  const [matches, setMatches] = useState<LinkTarget[]>([]);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const [said, setSaid] = useState('');
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const asked = useRef(0);
  useEffect(() => () => clearTimeout(timer.current), []);

  const search = (q: string) => {
    clearTimeout(timer.current);
    setActive(-1);
    // An address being typed is not a search.
    if (!q.trim() || (kind === 'link' && /^(\/|#|https?:|mailto:|tel:)/.test(q.trim()))) return setOpen(false);
    timer.current = setTimeout(() => {
      const n = ++asked.current;
      void fetch(`/admin/pages/links.json?${new URLSearchParams({ q, kind })}`, { headers: { accept: 'application/json' } })
        .then((r) => (r.ok ? (r.json() as Promise<{ matches: LinkTarget[] }>) : { matches: [] }))
        .then((r) => {
          if (n !== asked.current) return;
          setMatches(r.matches);
          setOpen(true);
        })
        .catch(() => undefined);
    }, 150);
  };
  const pick = (m: LinkTarget) => {
    onChange(m.value);
    setOpen(false);
    setActive(-1);
    setSaid(t('admin.builder.chosenMatch', { label: `${m.label} (${m.value})` }));
  };
  const onKey = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      const n = matches.length;
      if (!open || !n) return;
      setActive((a) => (e.key === 'ArrowDown' ? (a + 1) % n : (a - 1 + n) % n));
    } else if (e.key === 'Enter') {
      const m = matches[active] ?? (matches.length === 1 ? matches[0] : undefined);
      if (open && m) {
        e.preventDefault();
        pick(m);
      }
    } else if (e.key === 'Escape' && open) {
      e.preventDefault();
      setOpen(false);
    }
  };
  const shown = open;
  return (
    <FieldLabel label={label} el="div">
      <div className="setting-lookup">
        <input
          id={id}
          className="setting-input"
          value={value ?? ''}
          autoComplete="off"
          role="combobox"
          aria-label={label}
          aria-describedby={hintId}
          aria-autocomplete="list"
          aria-expanded={shown}
          aria-controls={listId}
          aria-activedescendant={shown && active >= 0 ? `${listId}-${active}` : undefined}
          onChange={(e) => {
            onChange(e.currentTarget.value);
            search(e.currentTarget.value);
          }}
          onKeyDown={onKey}
          onBlur={() => setTimeout(() => setOpen(false), 150)}
        />
        <span id={hintId} className="setting-hint">
          {t(kind === 'link' ? 'admin.builder.linkFind' : 'admin.builder.categoryFind')}
        </span>
        <ul id={listId} role="listbox" aria-label={t('admin.builder.matches', { label })} className="setting-lookup__list" hidden={!shown}>
          {shown && !matches.length ? (
            <li className="setting-lookup__empty" role="option" aria-selected={false} aria-disabled="true">
              {t('admin.builder.noMatch')}
            </li>
          ) : null}
          {shown
            ? matches.map((m, i) => (
                <li key={`${m.kind}-${m.value}`} id={`${listId}-${i}`} role="option" aria-selected={i === active} onMouseDown={(e) => e.preventDefault()} onClick={() => pick(m)}>
                  {kind === 'link' ? <span className="setting-lookup__kind">{t(KIND_LABEL[m.kind])}</span> : null}
                  {m.label} <small>{m.detail}</small>
                </li>
              ))
            : null}
        </ul>
        <span className="visually-hidden" role="status">
          {said}
        </span>
      </div>
    </FieldLabel>
  );
}

/** A colour: the browser's colour picker beside the code typed (any CSS colour). */
export function ColourField({ id, label, value, onChange }: FieldProps<string | undefined>) {
  const hex = /^#[0-9a-f]{6}$/i.test(value ?? '') ? value! : /^#[0-9a-f]{3}$/i.test(value ?? '') ? `#${[...value!.slice(1)].map((c) => c + c).join('')}` : '#ffffff';
  return (
    <FieldLabel label={label} el="div">
      <div className="setting-colour">
        <input type="color" className="setting-colour__swatch" value={hex} aria-label={t('admin.builder.colourPick', { label })} onChange={(e) => onChange(e.currentTarget.value)} />
        <input id={id} className="setting-input" value={value ?? ''} aria-label={t('admin.builder.colourText', { label })} placeholder="#ffffff" onChange={(e) => onChange(e.currentTarget.value || undefined)} />
      </div>
    </FieldLabel>
  );
}

let formsAsked: Promise<LinkTarget[]> | null = null;

/** One of the shop's contact forms, by id. */
export function FormChoiceField({ id, label, value, onChange }: FieldProps<number | undefined>) {
  const [forms, setForms] = useState<LinkTarget[] | null>(null);
  useEffect(() => {
    let live = true;
    formsAsked ??= fetch('/admin/pages/links.json?kind=form', { headers: { accept: 'application/json' } })
      .then((r) => (r.ok ? (r.json() as Promise<{ matches: LinkTarget[] }>) : { matches: [] }))
      .then((r) => r.matches)
      .catch(() => ((formsAsked = null), []));
    void formsAsked.then((f) => live && setForms(f));
    return () => {
      live = false;
    };
  }, []);
  return (
    <FieldLabel label={label} el="div">
      <select id={id} className="setting-input" aria-label={label} value={value === undefined ? '' : String(value)} onChange={(e) => onChange(e.currentTarget.value ? Number(e.currentTarget.value) : undefined)}>
        <option value="">{forms ? t('admin.builder.noChoice') : t('admin.builder.loadingForms')}</option>
        {(forms ?? []).map((f) => (
          <option key={f.value} value={f.value}>
            {f.label}
          </option>
        ))}
        {value !== undefined && forms && !forms.some((f) => f.value === String(value)) ? <option value={String(value)}>{String(value)}</option> : null}
      </select>
    </FieldLabel>
  );
}
