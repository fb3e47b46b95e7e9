import { useEffect, useRef, useState, type MouseEvent, type ReactNode } from 'react';
import { plural, t } from '../../../i18n/t-admin.ts';

/*
 * An export's download link (products, orders, customers as CSV). Without scripts it is a
 * plain download. With them, a click fetches the file as a stream, counts its records as they
 * arrive against the total the server sends in `X-Total-Rows`, shows that as a <progress>
 * with a status line (announced at each tenth, not at every piece), then saves the file under
 * the export's own name. A click with a modifier key (new tab, save as) keeps the browser's
 * own behaviour.
 */

type State = { phase: 'idle' } | { phase: 'running'; rows: number; total: number | null } | { phase: 'done'; rows: number } | { phase: 'failed'; reason: string };

/** Records completed in a piece of CSV: line feeds outside quoted cells (a quoted cell may hold line breaks). */
export function recordCounter(): (text: string) => number {
  let quoted = false;
  return (text) => {
    let n = 0;
    for (let i = 0; i < text.length; i++) {
      const c = text.charCodeAt(i);
      if (c === 34) quoted = !quoted;
      else if (c === 10 && !quoted) n++;
    }
    return n;
  };
}

function save(parts: BlobPart[], fileName: string) {
  const url = URL.createObjectURL(new Blob(parts, { type: 'text/csv;charset=utf-8' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  a.hidden = true;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

export function ExportLink({ href, fileName, children }: { href: string; fileName: string; children: ReactNode }) {
  const [state, setState] = useState<State>({ phase: 'idle' });
  const abort = useRef<AbortController | null>(null);
  useEffect(() => () => abort.current?.abort(), []);

  async function run() {
    const controller = new AbortController();
    abort.current = controller;
    setState({ phase: 'running', rows: 0, total: null });
    try {
      // Uncompressed (the server's compressor honours x-no-compression): a compressor holds
      // written pages back until its buffer fills, so the progress would jump to the end.
      const res = await fetch(href, { credentials: 'same-origin', signal: controller.signal, headers: { 'x-no-compression': '1' } });
      if (!res.ok || !res.body) throw new Error(`HTTP ${res.status}`);
      const header = Number(res.headers.get('x-total-rows'));
      const total = Number.isSafeInteger(header) && header >= 0 ? header : null;
      const reader = res.body.getReader();
      const decoder = new TextDecoder();
      const count = recordCounter();
      const parts: BlobPart[] = [];
      // The header line is a record too, not one of the rows counted.
      let records = 0;
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        parts.push(value);
        records += count(decoder.decode(value, { stream: true }));
        setState({ phase: 'running', rows: Math.max(0, records - 1), total });
      }
      save(parts, fileName);
      setState({ phase: 'done', rows: Math.max(0, records - 1) });
    } catch (err) {
      if (!controller.signal.aborted) setState({ phase: 'failed', reason: err instanceof Error ? err.message : String(err) });
    } finally {
      if (abort.current === controller) abort.current = null;
    }
  }

  const click = (e: MouseEvent<HTMLAnchorElement>) => {
    if (e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
    e.preventDefault();
    if (state.phase !== 'running') void run();
  };

  const running = state.phase === 'running';
  const tenth = running && state.total ? Math.floor((state.rows / state.total) * 10) * 10 : null;
  const status =
    state.phase === 'running'
      ? tenth === null
        ? t('admin.export.started')
        : t('admin.export.percent', { percent: tenth, total: state.total ?? 0 })
      : state.phase === 'done'
        ? t('admin.export.done', { rows: state.rows, file: fileName })
        : state.phase === 'failed'
          ? t('admin.export.failed', { reason: state.reason })
          : '';
  return (
    <span className="export-link">
      <a className="button" href={href} download={fileName} onClick={click} aria-disabled={running || undefined}>
        {children}
      </a>
      {running ? (
        <span className="export-link__progress">
          <progress max={state.total ?? undefined} value={state.total === null ? undefined : state.rows} aria-label={t('admin.export.progressOf', { file: fileName })} />
          <span aria-hidden="true" data-rows={state.rows}>
            {state.total === null ? plural('admin.export.rows', state.rows) : t('admin.export.rowsOf', { rows: state.rows, total: state.total })}
          </span>
        </span>
      ) : null}
      <span role="status" className={state.phase === 'failed' ? 'export-link__status field-error' : 'export-link__status hint'}>
        {status}
      </span>
    </span>
  );
}
