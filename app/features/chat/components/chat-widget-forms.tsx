import type { FormEvent, ReactNode } from 'react';
import { MESSAGE_MAX, type ChatErrorBody } from '../chat.schema.ts';
import { perLanguage, plural, t } from '../../../i18n/t-chat.ts';
import { pageVendorId, postChat } from './chat-api.ts';

/*
 * The chat popup's forms before a conversation (chat-widget.tsx shows one at a time): the
 * login form, "continue on another device", and the offline contact form; and the words
 * for what the server refuses.
 */

const FIELD_MESSAGES: Record<string, string> = perLanguage(() => ({
  field_empty: t('chat.fieldEmpty'),
  invalid_email: t('chat.invalidEmail'),
  invalid_username: t('chat.invalidUsername'),
  too_long: plural('chat.tooLong', MESSAGE_MAX),
}));
export const fieldMessage = (code: string) => FIELD_MESSAGES[code] ?? code;

export function errorMessage(e: ChatErrorBody): string {
  const byCode: Record<string, string> = {
    already_logged: t('chat.alreadyLogged'),
    guest_limit: t('chat.guestLimit'),
    closed: t('chat.closed'),
    rate_limited: t('chat.rateLimited'),
    too_long: plural('chat.tooLong', MESSAGE_MAX),
    empty: t('chat.empty'),
  };
  return byCode[e.code] ?? e.message;
}

/** The login form's fields as typed, and what is missing or wrong in them (checked again by the server). */
export function readLoginForm(el: HTMLFormElement, gdprRequired: boolean) {
  const form = new FormData(el);
  const name = String(form.get('name') ?? '').trim();
  const email = String(form.get('email') ?? '').trim();
  const gdpr = form.get('gdpr') === 'on';
  const missing: Record<string, string> = {};
  if (!name) missing.name = t('chat.fieldEmpty');
  if (!email) missing.email = t('chat.fieldEmpty');
  else if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) missing.email = t('chat.invalidEmail');
  if (gdprRequired && !gdpr) missing.gdpr = t('chat.gdpr');
  return { name, email, gdpr, missing };
}

type FormAnswer = { message?: string; error?: ChatErrorBody };
const unanswered = () => ({ status: 0, body: {} as FormAnswer });

/** Sends the offline contact form (a message to the shop); no answer reads as status 0. */
export function sendOfflineForm(el: HTMLFormElement, currentPage: string) {
  const form = new FormData(el);
  return postChat<FormAnswer>('/api/chat/offline', {
    name: String(form.get('name') ?? ''),
    email: String(form.get('email') ?? ''),
    message: String(form.get('message') ?? ''),
    gdpr: form.get('gdpr') === 'on',
    currentPage,
    vendorId: pageVendorId(),
  }).catch(unanswered);
}

/** Asks for the link that continues the chat on another device. */
export const sendResumeForm = (email: string) => postChat<FormAnswer>('/api/chat/resume', { email }).catch(unanswered);

/** What every form of the popup shows the same way. */
export interface FormState {
  /** The popup's own id (useId), the prefix of its fields' ids. */
  id: string;
  /** Each field's message, by name. */
  fields: Record<string, string>;
  notice: string;
  busy: boolean;
  /** The name and e-mail the fields start with. */
  me: { name: string; email: string };
  /** The shop asks for the GDPR box. */
  gdpr: boolean;
}

function fieldKit({ id, fields }: FormState) {
  const field = (name: string, label: string, input: ReactNode) => (
    <div className="chat-field">
      <label htmlFor={`${id}-${name}`}>{label}</label>
      {input}
      {fields[name] ? (
        <p className="chat-field__error" id={`${id}-${name}-error`}>
          {fields[name]}
        </p>
      ) : null}
    </div>
  );
  const inputProps = (name: string) => ({
    id: `${id}-${name}`,
    name,
    'aria-invalid': fields[name] ? true : undefined,
    'aria-describedby': fields[name] ? `${id}-${name}-error` : undefined,
  });
  return { field, inputProps };
}

function EmailField(props: FormState) {
  const { field, inputProps } = fieldKit(props);
  return field('email', t('chat.w.email'), <input {...inputProps('email')} type="email" autoComplete="email" defaultValue={props.me.email} maxLength={254} />);
}

function NameEmail(props: FormState) {
  const { id, fields } = props;
  const { field, inputProps } = fieldKit(props);
  return (
    <>
      {field('name', t('chat.w.name'), <input {...inputProps('name')} autoComplete="name" defaultValue={props.me.name} maxLength={100} />)}
      <EmailField {...props} />
      {props.gdpr ? (
        <div className="chat-field chat-field--check">
          <input {...inputProps('gdpr')} type="checkbox" />
          <label htmlFor={`${id}-gdpr`}>{t('chat.w.gdprLabel')}</label>
          {fields.gdpr ? (
            <p className="chat-field__error" id={`${id}-gdpr-error`}>
              {fields.gdpr}
            </p>
          ) : null}
        </div>
      ) : null}
    </>
  );
}

export function LoginPanel(props: FormState & { onSubmit(e: FormEvent<HTMLFormElement>): void; onResumeAsk(): void }) {
  return (
    <form className="chat-form" noValidate onSubmit={props.onSubmit}>
      <p>{t('chat.w.loginIntro')}</p>
      <NameEmail {...props} />
      {props.notice ? <p className="chat-notice chat-notice--error" role="alert">{props.notice}</p> : null}
      <button type="submit" className="chat-button" disabled={props.busy}>
        {props.busy ? t('chat.w.connecting') : t('chat.w.start')}
      </button>
      <button type="button" className="chat-link-button" onClick={props.onResumeAsk}>
        {t('chat.w.resumeAsk')}
      </button>
    </form>
  );
}

export function ResumePanel(props: FormState & { onSubmit(e: FormEvent<HTMLFormElement>): void; onBack(): void }) {
  return (
    <form className="chat-form" noValidate onSubmit={props.onSubmit}>
      <p>{t('chat.w.resumeIntro')}</p>
      <EmailField {...props} />
      {props.notice ? (
        <p className="chat-notice" role="status">
          {props.notice}
        </p>
      ) : null}
      <button type="submit" className="chat-button" disabled={props.busy}>
        {props.busy ? t('chat.w.sending') : t('chat.w.resumeSend')}
      </button>
      <button type="button" className="chat-link-button" onClick={props.onBack}>
        {t('chat.w.back')}
      </button>
    </form>
  );
}

export function OfflinePanel(props: FormState & { onSubmit(e: FormEvent<HTMLFormElement>): void }) {
  const { field, inputProps } = fieldKit(props);
  return (
    <form className="chat-form" noValidate onSubmit={props.onSubmit}>
      <p>{t('chat.w.offlineIntro')}</p>
      <NameEmail {...props} />
      {field('message', t('chat.w.message'), <textarea {...inputProps('message')} rows={4} maxLength={MESSAGE_MAX} />)}
      {props.notice ? <p className="chat-notice chat-notice--error" role="alert">{props.notice}</p> : null}
      <button type="submit" className="chat-button" disabled={props.busy}>
        {props.busy ? t('chat.w.sending') : t('chat.w.sendOffline')}
      </button>
    </form>
  );
}
