import { useCallback, useEffect, useRef, useState } from 'react';
import { useFetcher } from 'react-router';
import { PRODUCT_AUTOSAVE_DELAY_MS } from '../../../config/constants.ts';
import { t } from '../../../i18n/t-admin.ts';
import { formatTime } from '../../../lib/format.ts';
import { useLocale } from '../../../lib/use-locale.ts';

/*
 * The product editor's autosave of a stored draft: each edit (re)starts a timer; once typing
 * has paused for PRODUCT_AUTOSAVE_DELAY_MS the whole form is posted in the background with
 * `intent=autosave` and the version it holds, through the same version check as Save. The
 * new version comes back and replaces the form's, so the next save (automatic or not) is
 * not refused by this one. Someone else's save in between is reported and autosave stops;
 * nothing is overwritten. A Save pressed while an autosave is on its way waits for it.
 */

export interface AutosaveAnswer {
  autosaved?: { version: string };
  error?: { code: string; message: string };
}

export function useAutosave({ formId, action, enabled, onSaved }: { formId: string; action: string; enabled: boolean; onSaved: (version: string, clean: boolean) => void }) {
  const locale = useLocale();
  const fetcher = useFetcher<AutosaveAnswer>();
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const stopped = useRef(false);
  const edits = useRef(0);
  const sentAt = useRef(0);
  const held = useRef<HTMLElement | null | undefined>(undefined);
  const busy = useRef(false);
  busy.current = fetcher.state !== 'idle';
  const [message, setMessage] = useState('');

  const save = useCallback(() => {
    const form = document.getElementById(formId) as HTMLFormElement | null;
    if (!form || stopped.current) return;
    const data = new FormData(form);
    data.set('intent', 'autosave');
    sentAt.current = edits.current;
    setMessage(t('products.autosave.saving'));
    busy.current = true;
    void fetcher.submit(data, { method: 'post', action, encType: 'application/x-www-form-urlencoded' });
  }, [fetcher, formId, action]);

  /** Starts (again) the pause after which the form is saved; one on its way is waited for. */
  const schedule = useCallback(() => {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => (busy.current ? schedule() : save()), PRODUCT_AUTOSAVE_DELAY_MS);
  }, [save]);

  /** An edit: the timer starts again. */
  const edited = useCallback(() => {
    edits.current += 1;
    if (enabled && !stopped.current) schedule();
  }, [enabled, schedule]);

  useEffect(() => () => clearTimeout(timer.current), []);

  useEffect(() => {
    if (fetcher.state !== 'idle' || !fetcher.data) return;
    const answer = fetcher.data;
    if (answer.autosaved) {
      const time = formatTime(new Date(), locale);
      setMessage(t('products.autosave.saved', { time }));
      onSaved(answer.autosaved.version, edits.current === sentAt.current);
    } else if (answer.error) {
      if (answer.error.code === 'conflict' || answer.error.code === 'not_draft') stopped.current = true;
      setMessage(answer.error.code === 'conflict' ? t('products.autosave.conflict') : t('products.autosave.failed', { message: answer.error.message }));
    }
  }, [fetcher.state, fetcher.data]); // eslint-disable-line react-hooks/exhaustive-deps

  /**
   * The form's submit: no autosave after it; while one is on its way the submit is held and
   * sent again (with the version it brings) once it has answered.
   */
  const beforeSubmit = useCallback(
    (event: React.FormEvent<HTMLFormElement>) => {
      clearTimeout(timer.current);
      if (!busy.current) return true;
      event.preventDefault();
      held.current = (event.nativeEvent as SubmitEvent).submitter;
      return false;
    },
    [],
  );
  useEffect(() => {
    if (fetcher.state !== 'idle' || held.current === undefined) return;
    const submitter = held.current;
    held.current = undefined;
    // After React has written the new version into the form.
    requestAnimationFrame(() => (document.getElementById(formId) as HTMLFormElement | null)?.requestSubmit(submitter as HTMLButtonElement | null));
  }, [fetcher.state, formId]);

  return { edited, beforeSubmit, message };
}
