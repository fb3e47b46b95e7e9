import { Puck, type Data, type OnAction, type Overrides } from '@measured/puck';
import '@measured/puck/no-external.css';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { Block } from '../blocks.schema.ts';
import type { RevisionSummary } from '../pages-admin.server.ts';
import type { RenderContext } from '../render/context.tsx';
import { readCsrfToken } from '../../../lib/csrf-token.ts';
import { perLanguage, t } from '../../../i18n/t-admin.ts';
import { builderConfig } from './puck-config.tsx';
import { blocksToPuck, puckToBlocks, topLevelIndexOf, type PuckPageData } from './puck-data.ts';
import { RevisionsDialog } from './revisions-dialog.tsx';
import { PanelLayout } from './panel-layout.tsx';
import { readPanels, savePanels } from './panel-sizes.ts';

/*
 * The visual builder (browser only, loaded by its route alone): Puck with our block config.
 * Save draft and publish go through the pages API with the page version the builder holds;
 * a change made meanwhile elsewhere answers 409 and the builder says so. When the page's
 * version comes back changed from the route's loader (a revision restored, or the current
 * page loaded after a refused restore), the canvas starts again from that tree.
 * The side panels start as the admin left them in this browser (panel-sizes.ts) and are
 * folded and resized by mouse or keyboard (panel-layout.tsx).
 */

export interface BuilderProps {
  pageId: number;
  title: string;
  version: number;
  blocks: Block[];
  ctx: RenderContext;
  liveUrl: string;
  /** A block to select at start (the edit links' `?block=`). */
  selected?: string | null;
  /** The newest revisions, for the revisions panel. */
  revisions: RevisionSummary[];
}

type Status = { kind: 'ok' | 'error'; text: string } | null;

export const VIEWPORTS = perLanguage(() => [
  { width: 1280, height: 'auto' as const, label: t('admin.builder.desktop'), icon: 'Monitor' as const },
  { width: 768, height: 'auto' as const, label: t('admin.builder.tablet'), icon: 'Tablet' as const },
  { width: 390, height: 'auto' as const, label: t('admin.builder.mobile'), icon: 'Smartphone' as const },
]);

// The same objects on every render: Puck refreshes its store when these change.
const OVERRIDES: Partial<Overrides> = { puck: PanelLayout };
const keepPanels: OnAction = (action, next) => {
  if (action.type === 'setUi') savePanels(next.ui);
};

export default function Builder({ pageId, title, version: loadedVersion, blocks, ctx, liveUrl, selected, revisions }: BuilderProps) {
  const config = useMemo(() => builderConfig(ctx), [ctx]);
  // The tree the canvas started from; it starts again when the loader brings another version.
  const [shown, setShown] = useState({ version: loadedVersion, blocks });
  const [firstVersion] = useState(loadedVersion);
  const data = useMemo(() => blocksToPuck(shown.blocks) as unknown as Data, [shown.blocks]);
  const [selection] = useState(() => {
    const index = selected ? topLevelIndexOf(blocks, selected) : -1;
    return index >= 0 ? { itemSelector: { index } } : {};
  });
  // The panels as stored when the canvas (re)starts; the selection on the first start only.
  const ui = useMemo(() => ({ ...readPanels(), ...(shown.version === firstVersion ? selection : {}) }), [shown.version, firstVersion, selection]);
  const version = useRef(loadedVersion);
  const [status, setStatus] = useState<Status>(null);
  const [busy, setBusy] = useState(false);
  const [panel, setPanel] = useState(false);
  const root = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (loadedVersion === version.current) return;
    version.current = loadedVersion;
    setShown({ version: loadedVersion, blocks });
  }, [loadedVersion, blocks]);

  // Focus goes back to the panel's button once the canvas has started again (a restore
  // draws a new one, button included), hence a render later.
  const [refocus, setRefocus] = useState(0);
  const closePanel = useCallback(() => {
    setPanel(false);
    setRefocus((n) => n + 1);
  }, []);
  // The focus stays promised to the button until the admin moves on: should the editor draw
  // its top bar anew meanwhile (it does when it starts again on a new version), the button
  // drawn again takes the focus back instead of leaving it on the page's body.
  const holdFocus = useRef(false);
  useEffect(() => {
    if (!refocus) return;
    holdFocus.current = true;
    root.current?.querySelector<HTMLButtonElement>('[data-revisions-button]')?.focus();
  }, [refocus]);
  useEffect(() => {
    const el = root.current;
    if (!el) return;
    const release = (e: Event) => {
      if (!(e.target instanceof Element && e.target.closest('[data-revisions-button]'))) holdFocus.current = false;
    };
    document.addEventListener('focusin', release);
    document.addEventListener('pointerdown', release, true);
    return () => {
      document.removeEventListener('focusin', release);
      document.removeEventListener('pointerdown', release, true);
    };
  }, []);
  const restored = useCallback((text: string) => setStatus({ kind: 'ok', text }), []);

  // On every change of the editor's DOM: the names Puck leaves out (the preview frame, the
  // zoom select; its spinners, named on a plain span, are decoration), and the focus given back to a Revisions button drawn again (holdFocus).
  useEffect(() => {
    const el = root.current;
    if (!el) return;
    const name = () => {
      el.querySelector('iframe#preview-frame:not([title])')?.setAttribute('title', t('admin.builder.preview'));
      el.querySelectorAll('select:not([aria-label])').forEach((s) => s.closest('label, [class*="Field"]') || s.setAttribute('aria-label', t('admin.builder.zoom')));
      el.querySelectorAll('[class*="_Loader_"][aria-label]').forEach((s) => {
        s.removeAttribute('aria-label');
        s.setAttribute('aria-hidden', 'true');
      });
      const active = document.activeElement;
      if (holdFocus.current && (!active || active === document.body)) el.querySelector<HTMLButtonElement>('[data-revisions-button]')?.focus();
    };
    name();
    const watch = new MutationObserver(name);
    watch.observe(el, { childList: true, subtree: true });
    return () => watch.disconnect();
  }, []);

  async function call(url: string, method: string, body: unknown) {
    const res = await fetch(url, { method, headers: { 'content-type': 'application/json', 'x-csrf-token': readCsrfToken() }, body: JSON.stringify(body), credentials: 'same-origin' });
    const json = (await res.json().catch(() => ({}))) as { page?: { version: number }; error?: { message?: string } };
    if (res.status === 409) throw new Error(t('admin.builder.stale'));
    if (!res.ok || !json.page) throw new Error(json.error?.message ?? t('admin.builder.failed'));
    version.current = json.page.version;
  }

  async function save(d: Data, publish: boolean) {
    setBusy(true);
    setStatus(null);
    try {
      await call(`/api/admin/pages/${pageId}`, 'PUT', { version: version.current, blocks: puckToBlocks(d as unknown as PuckPageData) });
      if (publish) await call(`/api/admin/pages/${pageId}/publish`, 'POST', { version: version.current });
      setStatus({ kind: 'ok', text: publish ? t('admin.builder.published') : t('admin.builder.saved') });
    } catch (e) {
      setStatus({ kind: 'error', text: (e as Error).message });
    } finally {
      setBusy(false);
    }
  }

  return (
    <>
      <div className="builder" ref={root}>
        <p className={`builder__status${status?.kind === 'error' ? ' builder__status--error' : ''}`} role={status?.kind === 'error' ? 'alert' : 'status'}>
          {status?.text ?? ''}
          {status?.kind === 'ok' ? (
            <>
              {' '}
              <a href={liveUrl}>{t('admin.builder.viewLive')}</a>
            </>
          ) : null}
        </p>
        <Puck
          key={shown.version}
          config={config}
          data={data}
          ui={ui}
          headerTitle={title}
          viewports={VIEWPORTS}
          overrides={OVERRIDES}
          onAction={keepPanels}
          onPublish={(d) => void save(d, true)}
          renderHeaderActions={({ state }) => (
            <>
              <button type="button" className="button button--small button--ghost builder__action" disabled={busy} onClick={() => void save(state.data, false)}>
                {t('admin.builder.saveDraft')}
              </button>
              <button type="button" className="button button--small builder__action" disabled={busy} onClick={() => void save(state.data, true)}>
                {t('admin.builder.publish')}
              </button>
              <button type="button" className="button button--small button--ghost builder__action" aria-haspopup="dialog" aria-expanded={panel} data-revisions-button onClick={() => setPanel(true)}>
                {t('admin.builder.revisions')}
              </button>
            </>
          )}
        />
      </div>
      <RevisionsDialog pageId={pageId} title={title} open={panel} onClose={closePanel} version={() => version.current} revisions={revisions} ctx={ctx} onRestored={restored} />
    </>
  );
}
