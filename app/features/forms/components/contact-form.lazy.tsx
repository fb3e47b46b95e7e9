/**
 * The contact form with its browser behaviour (an island): sent as multipart to the
 * feedback endpoint without a reload, the answer's status setting the form's state (spec §4),
 * the shared validation rules on blur and submit, acceptance gating, counters, URL prefix,
 * exclusive checkboxes and free-text options (spec §5), an error block after the form when
 * the request fails (spec §8). The server renders the same component in its first state.
 */
import { useEffect, useRef, useState, type FocusEvent, type FormEvent } from 'react';
import type { FeedbackResponse, InvalidField } from '../definition.ts';
import { readCsrfToken } from '../../../lib/csrf-token.ts';
import { sendOnce } from '../../../lib/send-once.ts';
import { t } from '../../../i18n/t-forms.ts';
import { FormMarkup } from './form-markup.tsx';
import { INITIAL_VIEW, type ContactFormProps, type FormView, type QuizChallenge } from './form-state.ts';
import { acceptanceBlocks, applyExclusive, collectValues, countState, freeTextState, prefixUrl } from './form-behaviour.ts';
import { validateInBrowser } from './client-rules.ts';
import { message } from '../rules.ts';

const base = (id: number) => `/wp-json/contact-form-7/v1/contact-forms/${id}`;
export const feedbackUrl = (id: number) => `${base(id)}/feedback`;

type Refill = { quiz?: Record<string, [string, string]>; started?: string };

const toQuiz = (quiz: Record<string, [string, string]>) => Object.fromEntries(Object.entries(quiz).map(([name, [question, hash]]) => [name, { question, hash }]));

export default function ContactFormLive(props: ContactFormProps) {
  const { form: def, unitTag } = props;
  const formRef = useRef<HTMLFormElement>(null);
  const [view, setView] = useState<FormView>(() =>
    props.result
      ? { status: props.result.response.status, message: props.result.response.message, invalid: props.result.response.invalid_fields }
      : INITIAL_VIEW,
  );
  const [live, setLive] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const [blocked, setBlocked] = useState(false);
  const [freeText, setFreeText] = useState<Record<string, boolean> | null>(null);
  const [counts, setCounts] = useState<Record<string, number>>({});
  const [fetchError, setFetchError] = useState<string | null>(null);
  const [quiz, setQuiz] = useState<Record<string, QuizChallenge>>(props.quiz);
  const [hidden, setHidden] = useState(props.hidden);
  /** The submit button is being pressed: a blur now must not move the button away (a tip going) before the click lands. */
  const pressingSubmit = useRef(false);

  /** Re-reads what depends on the fields' current state (after any change or a reset). */
  function refresh() {
    const el = formRef.current;
    if (!el) return;
    setBlocked(acceptanceBlocks(el, def));
    setFreeText(freeTextState(el));
    setCounts(countState(el));
  }

  useEffect(() => {
    setLive(true);
    refresh();
    // The page may come from a shared cache: a question and a start time of this visitor's own.
    const ask = new AbortController();
    fetch(`${base(def.id)}/refill`, { headers: { accept: 'application/json' }, signal: ask.signal })
      .then((r) => (r.ok ? (r.json() as Promise<Refill>) : null))
      .then((r) => {
        if (r?.quiz) setQuiz(toQuiz(r.quiz));
        const field = props.startedField;
        if (r?.started && field) setHidden((h) => ({ ...h, [field]: r.started! }));
      })
      .catch(() => {});
    const release = () => setTimeout(() => (pressingSubmit.current = false), 0);
    window.addEventListener('pointerup', release);
    window.addEventListener('pointercancel', release);
    return () => {
      ask.abort();
      window.removeEventListener('pointerup', release);
      window.removeEventListener('pointercancel', release);
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  function errorsFor(): InvalidField[] {
    const { values, files } = collectValues(formRef.current!, def);
    return validateInBrowser(def, unitTag, values, files);
  }

  function fieldName(target: EventTarget): string | null {
    const wrap = (target as HTMLElement).closest?.<HTMLElement>('.wpcf7-form-control-wrap');
    return wrap?.dataset.name ?? null;
  }

  function onChange(e: FormEvent<HTMLFormElement>) {
    const target = e.target as HTMLInputElement;
    if (target.type === 'checkbox') applyExclusive(target);
    if (target.classList.contains('wpcf7-validates-as-url')) target.value = prefixUrl(target.value);
    refresh();
  }

  /** Blur: the field is checked by the shared rules; its tip appears or goes. */
  function onBlur(e: FocusEvent<HTMLFormElement>) {
    const name = fieldName(e.target);
    if (!name || !formRef.current) return;
    // Going to the submit button: the submit checks everything (and a tip removed now would move the button under the pointer).
    if (pressingSubmit.current || (e.relatedTarget instanceof HTMLInputElement && e.relatedTarget.type === 'submit')) return;
    // Moving within one choice group is not leaving it.
    if (e.relatedTarget instanceof Node && (e.target as HTMLElement).closest('.wpcf7-form-control-wrap')?.contains(e.relatedTarget)) return;
    const found = errorsFor().find((f) => f.field === name);
    setView((v) => {
      const rest = v.invalid.filter((f) => f.field !== name);
      const invalid = found ? [...rest, found] : rest;
      if (invalid.length === v.invalid.length && invalid.every((f, i) => f === v.invalid[i])) return v;
      // Keep the list in the form's order.
      const order = def.tags.map((x) => x.name);
      invalid.sort((a, b) => order.indexOf(a.field) - order.indexOf(b.field));
      return { ...v, invalid };
    });
  }

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const el = formRef.current!;
    if (submitting) return;
    setFetchError(null);
    for (const url of el.querySelectorAll<HTMLInputElement>('.wpcf7-validates-as-url')) url.value = prefixUrl(url.value);
    const invalid = errorsFor();
    if (invalid.length) {
      setView({ status: 'validation_failed', message: message(def, 'validation_error'), invalid });
      return;
    }
    setSubmitting(true);
    let answer: FeedbackResponse;
    try {
      // One key per submit: a send repeated after a lost answer mails once.
      const res = await sendOnce(feedbackUrl(def.id), {
        method: 'POST',
        body: new FormData(el),
        headers: { accept: 'application/json', 'x-csrf-token': readCsrfToken() },
        credentials: 'same-origin',
      });
      if (!res.ok) {
        const body = (await res.json().catch(() => null)) as { error?: { message?: string }; message?: string } | null;
        setFetchError(body?.error?.message ?? body?.message ?? t('forms.httpError', { status: res.status }));
        return;
      }
      answer = (await res.json()) as FeedbackResponse;
    } catch {
      setFetchError(t('forms.networkError'));
      return;
    } finally {
      setSubmitting(false);
    }
    if (answer.quiz) setQuiz(toQuiz(answer.quiz));
    const hash = el.querySelector<HTMLInputElement>('input[name="_wpcf7_posted_data_hash"]');
    if (hash) hash.value = answer.posted_data_hash ?? '';
    setView({ status: answer.status, message: answer.message, invalid: answer.status === 'validation_failed' ? answer.invalid_fields : [] });
    if (answer.status === 'mail_sent') {
      el.reset();
    }
  }

  return (
    <FormMarkup
      {...props}
      quiz={quiz}
      hidden={hidden}
      view={view}
      live={live}
      submitting={submitting}
      submitDisabled={live && (blocked || submitting)}
      freeText={freeText}
      counts={counts}
      fetchError={fetchError}
      formRef={formRef}
      onSubmit={onSubmit}
      onChange={onChange}
      onInput={refresh}
      onBlur={onBlur}
      // A reset changes the fields after its event: read them on the next turn.
      onReset={() => setTimeout(refresh, 0)}
      onPointerDown={(e) => void (pressingSubmit.current = (e.target as HTMLElement).matches('input[type="submit"], button[type="submit"]'))}
    />
  );
}
