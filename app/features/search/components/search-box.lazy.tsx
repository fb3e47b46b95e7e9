import { useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { SEARCH_MIN_CHARS } from '../../../config/constants.ts';
import { plural, t } from '../../../i18n/t.ts';
import { fold } from '../../../../db/search/normalize.ts';
import type { Suggestion } from '../suggestion.ts';
import type { SearchBoxProps } from './search-box.tsx';

/** Wait after the last keystroke before asking (ms). */
const DEBOUNCE_MS = 200;

/** The query's words marked in a suggestion (compared folded, shown as written). */
function highlight(text: string, query: string): ReactNode {
  const words = fold(query).match(/[\p{L}\p{N}]+/gu) ?? [];
  if (!words.length) return text;
  const out: ReactNode[] = [];
  // Folding keeps one character per character for Latin text; where it does not, no marks.
  const folded = fold(text);
  if (folded.length !== text.length) return text;
  let i = 0;
  while (i < text.length) {
    const starts = i === 0 || !/[\p{L}\p{N}]/u.test(folded[i - 1]);
    const w = starts ? words.find((x) => folded.startsWith(x, i)) : undefined;
    if (w) {
      out.push(<mark key={i}>{text.slice(i, i + w.length)}</mark>);
      i += w.length;
    } else {
      let j = i + 1;
      while (j < text.length && !(!/[\p{L}\p{N}]/u.test(folded[j - 1]) && words.some((x) => folded.startsWith(x, j)))) j++;
      out.push(text.slice(i, j));
      i = j;
    }
  }
  return out;
}

export default function SearchBoxLive({ categories, query = '', category = '' }: SearchBoxProps) {
  const id = useId();
  const listId = `${id}-list`;
  const navigate = useNavigate();
  const [value, setValue] = useState(query);
  const [items, setItems] = useState<Suggestion[]>([]);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const [busy, setBusy] = useState(false);
  const request = useRef<AbortController | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const categoryRef = useRef<HTMLSelectElement>(null);
  /** What the box holds, as of its last change event (see `currentCategory`). */
  const typed = useRef(query);

  /**
   * The category to search in is the select's own value: the select is left to the browser
   * (not controlled). Events held while the island woke (a pick, words typed) are replayed one
   * after another before React renders again: state, and a controlled field's value, would lag
   * behind them, so the words typed are kept in a ref as well.
   */
  const currentCategory = () => categoryRef.current?.value ?? '';
  /** A category the select offers (a top-level one), else "All categories". */
  const selectable = (slug: string) => (categories?.some((c) => c.slug === slug) ? slug : '');

  // A new results page (a link followed, a search made): the box shows its search.
  const shown = useRef({ query, category });
  useEffect(() => {
    if (shown.current.query === query && shown.current.category === category) return;
    shown.current = { query, category };
    setValue(query);
    typed.current = query;
    if (categoryRef.current) categoryRef.current.value = categories?.some((c) => c.slug === category) ? category : '';
  }, [query, category, categories]);

  useEffect(() => () => {
    clearTimeout(timer.current);
    request.current?.abort();
  }, []);

  function ask(q: string, within = currentCategory()) {
    clearTimeout(timer.current);
    request.current?.abort();
    if ([...q.trim()].length < SEARCH_MIN_CHARS) {
      setItems([]);
      setOpen(false);
      setBusy(false);
      return;
    }
    timer.current = setTimeout(async () => {
      const controller = new AbortController();
      request.current = controller;
      setBusy(true);
      try {
        const res = await fetch(`/api/search/suggestions?${new URLSearchParams(within ? { q, category: within } : { q })}`, { signal: controller.signal, headers: { accept: 'application/json' } });
        if (!res.ok) return;
        const body = (await res.json()) as { suggestions: Suggestion[] };
        // A newer request has started: this answer is stale.
        if (request.current !== controller) return;
        setItems(body.suggestions);
        setActive(-1);
        setOpen(body.suggestions.length > 0);
      } catch {
        // Aborted or offline: the box stays a plain search form (spec: nothing visible).
      } finally {
        if (request.current === controller) setBusy(false);
      }
    }, DEBOUNCE_MS);
  }

  function choose(s: Suggestion | undefined) {
    if (!s || s.id === -1) return;
    setOpen(false);
    navigate(s.url);
  }

  function onKeyDown(e: KeyboardEvent<HTMLInputElement>) {
    const n = items.length;
    if (e.key === 'Escape') {
      if (open) {
        e.preventDefault();
        setOpen(false);
        setActive(-1);
      } else if (value) {
        setValue('');
        typed.current = '';
        setItems([]);
      }
      return;
    }
    if (!n) return;
    const move = (i: number) => {
      e.preventDefault();
      setOpen(true);
      setActive(i);
    };
    if (e.key === 'ArrowDown') move(open ? (active + 1) % n : 0);
    else if (e.key === 'ArrowUp') move(open ? (active <= 0 ? n - 1 : active - 1) : n - 1);
    else if (open && e.key === 'Home') move(0);
    else if (open && e.key === 'End') move(n - 1);
    else if (e.key === 'Enter' && open && active >= 0) {
      e.preventDefault();
      choose(items[active]);
    }
  }

  useEffect(() => {
    if (active >= 0) document.getElementById(`${listId}-${active}`)?.scrollIntoView({ block: 'nearest' });
  }, [active, listId]);

  const count = items.filter((s) => s.id !== -1).length;
  return (
    // With a category select the form goes to /search, which opens the category's listing of the search.
    <form className={`site-search${categories ? ' site-search--categories' : ''}`} role="search" action={categories ? '/search' : '/shop'} method="get" onSubmit={() => setBusy(true)}>
      {categories ? (
        <>
          <label htmlFor="site-search-category" className="visually-hidden">
            {t('search.categoryLabel')}
          </label>
          <select
            ref={categoryRef}
            id="site-search-category"
            name="category"
            className="site-search__category"
            defaultValue={selectable(category)}
            onChange={(e) => {
              ask(typed.current, e.target.value);
            }}
          >
            <option value="">{t('search.allCategories')}</option>
            {categories.map((c) => (
              <option key={c.slug} value={c.slug}>
                {c.name}
              </option>
            ))}
          </select>
        </>
      ) : null}
      <label htmlFor="site-search-q" className="visually-hidden">
        {t('site.search')}
      </label>
      <input
        id="site-search-q"
        type="search"
        name="s"
        placeholder={t('site.searchPlaceholder')}
        minLength={1}
        autoComplete="off"
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={open}
        aria-controls={listId}
        aria-activedescendant={open && active >= 0 ? `${listId}-${active}` : undefined}
        value={value}
        onChange={(e) => {
          setValue(e.target.value);
          typed.current = e.target.value;
          ask(e.target.value);
        }}
        onKeyDown={onKeyDown}
        onFocus={() => items.length && setOpen(true)}
        onBlur={() => setOpen(false)}
      />
      <button type="submit" className="icon-button" aria-label={t('site.searchSubmit')} aria-busy={busy} data-loading={busy ? '' : undefined}>
        <svg aria-hidden="true" viewBox="0 0 24 24" width="20" height="20">
          <circle cx="11" cy="11" r="7" stroke="currentColor" strokeWidth="2" fill="none" />
          <path d="M16.5 16.5L21 21" stroke="currentColor" strokeWidth="2" />
        </svg>
      </button>
      <ul id={listId} role="listbox" aria-label={t('search.suggestions')} className="search-suggestions" hidden={!open}>
        {items.map((s, i) => (
          <li
            key={`${s.type}-${s.id}`}
            id={`${listId}-${i}`}
            role="option"
            aria-selected={i === active}
            aria-disabled={s.id === -1 || undefined}
            className={`search-suggestions__item${s.id === -1 ? ' search-suggestions__item--none' : ''}`}
            // Keeps the focus in the box: the choice is made on click.
            onMouseDown={(e) => e.preventDefault()}
            onClick={() => choose(s)}
          >
            {s.img ? <img src={s.img} alt="" width={40} height={40} loading="lazy" /> : <span className="search-suggestions__noimg" aria-hidden="true" />}
            <span className="search-suggestions__name">{s.id === -1 ? s.value : highlight(s.value, value)}</span>
            {s.type === 'category' ? <span className="search-suggestions__kind">{t('search.category')}</span> : null}
            {s.price ? <span className="search-suggestions__price">{s.price}</span> : null}
          </li>
        ))}
      </ul>
      <span className="visually-hidden" aria-live="polite">
        {busy ? t('search.loading') : open ? plural('search.results', count) : ''}
      </span>
    </form>
  );
}
