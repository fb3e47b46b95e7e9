/**
 * The admin's form editor: title, the form-tag template with its problems listed by line
 * (a click selects the line), the two mails, the messages and the settings; beside it a live
 * preview rendered by the shop's own form markup from the template as it is typed.
 */
import { useDeferredValue, useMemo, useRef, useState } from 'react';
import { Form } from 'react-router';
import { MESSAGE_KEYS, type FormSettings, type MailTemplate, type MessageKey, type ParseIssue } from '../definition.ts';
import { parseTemplate } from '../parse.ts';
import { DEFAULT_MESSAGES } from '../rules.ts';
import { CsrfField } from '../../account/components/form-parts.tsx';
import { t } from '../../../i18n/t-admin.ts';
import { FormMarkup } from './form-markup.tsx';
import { INITIAL_VIEW, type PublicForm } from './form-state.ts';
import { MAIL_FIELDS, SETTING_FLAGS, SETTING_NUMBERS } from './form-editor-input.ts';

export interface EditorValues {
  title: string;
  locale: string;
  source: string;
  mail: MailTemplate;
  mail2: MailTemplate;
  messages: Partial<Record<MessageKey, string>>;
  settings: FormSettings;
}

/** Selects a line of the textarea and scrolls it into view. */
function selectLine(area: HTMLTextAreaElement, line: number) {
  const lines = area.value.split('\n');
  const start = lines.slice(0, line - 1).reduce((n, l) => n + l.length + 1, 0);
  area.focus();
  area.setSelectionRange(start, start + (lines[line - 1]?.length ?? 0));
  const height = area.scrollHeight / Math.max(lines.length, 1);
  area.scrollTop = Math.max(0, (line - 3) * height);
}

function IssueList({ issues, onPick }: { issues: ParseIssue[]; onPick: (line: number) => void }) {
  if (!issues.length) return <p className="form-editor__ok">{t('forms.editor.noIssues')}</p>;
  return (
    <ul className="form-editor__issues" id="template-issues">
      {issues.map((i, n) => (
        <li key={n} className={`form-editor__issue form-editor__issue--${i.severity}`}>
          <button type="button" className="form-editor__line" onClick={() => onPick(i.line)}>
            {t('forms.editor.lineColumn', { line: i.line, column: i.column })}
          </button>{' '}
          <span>{i.severity === 'error' ? t('forms.editor.error') : t('forms.editor.warning')}: </span>
          {i.message}
        </li>
      ))}
    </ul>
  );
}

function MailFields({ prefix, mail }: { prefix: 'mail' | 'mail2'; mail: MailTemplate }) {
  const labels: Record<(typeof MAIL_FIELDS)[number], string> = {
    to: t('forms.editor.mailTo'),
    from: t('forms.editor.mailFrom'),
    subject: t('forms.editor.mailSubject'),
    additionalHeaders: t('forms.editor.mailHeaders'),
    body: t('forms.editor.mailBody'),
    attachments: t('forms.editor.mailAttachments'),
  };
  return (
    <details className="form-editor__group" open={prefix === 'mail' || mail.active}>
      <summary>{prefix === 'mail' ? t('forms.editor.mail') : t('forms.editor.mail2')}</summary>
      <label className="form-editor__check">
        <input type="checkbox" name={`${prefix}.active`} value="1" defaultChecked={mail.active} /> {t('forms.editor.mailActive')}
      </label>
      {MAIL_FIELDS.map((f) => (
        <p key={f}>
          <label htmlFor={`${prefix}-${f}`}>{labels[f]}</label>
          {f === 'body' || f === 'additionalHeaders' ? (
            <textarea id={`${prefix}-${f}`} name={`${prefix}.${f}`} rows={f === 'body' ? 10 : 3} defaultValue={mail[f]} />
          ) : (
            <input id={`${prefix}-${f}`} name={`${prefix}.${f}`} defaultValue={mail[f]} />
          )}
        </p>
      ))}
      <label className="form-editor__check">
        <input type="checkbox" name={`${prefix}.html`} value="1" defaultChecked={mail.html} /> {t('forms.editor.mailHtml')}
      </label>
    </details>
  );
}

export function FormEditor({ values, serverIssues, formId, error }: { values: EditorValues; serverIssues: ParseIssue[]; formId: number | null; error?: string }) {
  const [source, setSource] = useState(values.source);
  const [edited, setEdited] = useState(false);
  const area = useRef<HTMLTextAreaElement>(null);
  const deferred = useDeferredValue(source);
  const parsed = useMemo(() => parseTemplate(deferred), [deferred]);
  const issues = edited ? parsed.issues : serverIssues.length ? serverIssues : parsed.issues;
  const preview: PublicForm = {
    id: formId ?? 0,
    title: values.title,
    locale: values.locale,
    template: parsed.template,
    tags: parsed.tags,
    messages: values.messages as Record<MessageKey, string>,
    settings: values.settings,
  };
  const quiz = Object.fromEntries(parsed.tags.filter((x) => x.type === 'quiz').map((x) => [x.name, { question: x.values[0]?.label ?? '', hash: '' }]));
  return (
    <div className="form-editor">
      <Form method="post" className="form-editor__form" aria-describedby={error ? 'editor-error' : undefined}>
        <CsrfField />
        {error && (
          <p className="notice notice--error" role="alert" id="editor-error">
            {error}
          </p>
        )}
        <p>
          <label htmlFor="form-title">{t('forms.editor.title')}</label>
          <input id="form-title" name="title" required defaultValue={values.title} />
        </p>
        <p>
          <label htmlFor="form-locale">{t('forms.editor.locale')}</label>
          <input id="form-locale" name="locale" defaultValue={values.locale} />
        </p>
        <p>
          <label htmlFor="form-source">{t('forms.editor.template')}</label>
          <textarea
            ref={area}
            id="form-source"
            name="source"
            rows={22}
            spellCheck={false}
            className="form-editor__source"
            value={source}
            aria-describedby="template-issues-heading"
            aria-invalid={issues.some((i) => i.severity === 'error') || undefined}
            onChange={(e) => {
              setSource(e.target.value);
              setEdited(true);
            }}
          />
        </p>
        <section aria-labelledby="template-issues-heading" className="form-editor__problems" aria-live="polite">
          <h2 id="template-issues-heading">{t('forms.editor.problems', { count: issues.length })}</h2>
          <IssueList issues={issues} onPick={(line) => area.current && selectLine(area.current, line)} />
        </section>
        <MailFields prefix="mail" mail={values.mail} />
        <MailFields prefix="mail2" mail={values.mail2} />
        <details className="form-editor__group" open={Object.keys(values.messages).length > 0}>
          <summary>{t('forms.editor.messages')}</summary>
          <p className="form-editor__hint">{t('forms.editor.messagesHint')}</p>
          {MESSAGE_KEYS.map((k) => (
            <p key={k}>
              <label htmlFor={`msg-${k}`}>{t(`forms.editor.message.${k}`)}</label>
              <input id={`msg-${k}`} name={`messages.${k}`} defaultValue={values.messages[k] ?? ''} placeholder={DEFAULT_MESSAGES[k]} />
            </p>
          ))}
        </details>
        <details className="form-editor__group" open>
          <summary>{t('forms.editor.settings')}</summary>
          {SETTING_FLAGS.map((k) => (
            <label key={k} className="form-editor__check">
              <input type="checkbox" name={`settings.${k}`} value="1" defaultChecked={Boolean(values.settings[k])} /> {t(`forms.editor.setting.${k}`)}
            </label>
          ))}
          {SETTING_NUMBERS.map((k) => (
            <p key={k}>
              <label htmlFor={`setting-${k}`}>{t(`forms.editor.setting.${k}`)}</label>
              <input id={`setting-${k}`} name={`settings.${k}`} inputMode="numeric" pattern="[0-9]*" defaultValue={values.settings[k] ?? ''} />
            </p>
          ))}
        </details>
        <p>
          <button type="submit" className="button" name="intent" value="save">
            {t('forms.editor.save')}
          </button>
        </p>
      </Form>
      <section className="form-editor__preview" aria-labelledby="preview-heading">
        <h2 id="preview-heading">{t('forms.editor.preview')}</h2>
        <div inert className="form-editor__preview-body">
          <FormMarkup
            form={preview}
            unitTag="wpcf7-preview"
            containerPost={0}
            version=""
            action="#"
            quiz={quiz}
            view={INITIAL_VIEW}
            live={false}
            submitting={false}
            submitDisabled={false}
            freeText={null}
            counts={{}}
            fetchError={null}
          />
        </div>
      </section>
    </div>
  );
}
