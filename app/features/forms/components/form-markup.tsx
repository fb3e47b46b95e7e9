/**
 * A contact form's whole markup as Contact Form 7 renders it, so that its own front-end
 * script would work against it too: `div.wpcf7#<unit tag>`, the screen-reader response
 * (a status paragraph and a list of links to invalid fields), `form.wpcf7-form.<status>`,
 * CF7's hidden fields, the template with its tags, and `.wpcf7-response-output`.
 */
import { Fragment, type FormEventHandler, type FocusEventHandler, type PointerEventHandler, type ReactNode, type Ref } from 'react';
import type { FormTag, TemplateNode } from '../definition.ts';
import { t } from '../../../i18n/t-forms.ts';
import { FormControl, type ControlContext } from './form-controls.tsx';
import { controlId, statusClass, type ContactFormProps, type FormView } from './form-state.ts';

export interface FormMarkupProps extends ContactFormProps {
  view: FormView;
  /** Scripts are running (CF7's `js` class instead of `no-js`). */
  live: boolean;
  submitting: boolean;
  submitDisabled: boolean;
  freeText: Record<string, boolean> | null;
  counts: Record<string, number>;
  fetchError: string | null;
  formRef?: Ref<HTMLFormElement>;
  onSubmit?: FormEventHandler<HTMLFormElement>;
  onChange?: FormEventHandler<HTMLFormElement>;
  onInput?: FormEventHandler<HTMLFormElement>;
  onBlur?: FocusEventHandler<HTMLFormElement>;
  onReset?: FormEventHandler<HTMLFormElement>;
  onPointerDown?: PointerEventHandler<HTMLFormElement>;
}

/** Text of the template: line breaks between words become `<br>` (CF7's autop, inline part). */
function Text({ text }: { text: string }) {
  if (!text.trim()) return <>{text.includes('\n') ? '\n' : text}</>;
  const lines = text.replace(/^\s*\n|\n\s*$/g, '').split(/\n/);
  return (
    <>
      {lines.map((line, i) => (
        <Fragment key={i}>
          {i > 0 && <br />}
          {line}
        </Fragment>
      ))}
    </>
  );
}

/** For each choice group, the template text just before it (its visible label) for screen readers. */
function groupLabels(nodes: TemplateNode[], out = new Map<FormTag, string>(), last = { text: '' }): Map<FormTag, string> {
  for (const node of nodes) {
    if (node.kind === 'text' && node.text.trim()) last.text = node.text.trim();
    else if (node.kind === 'tag') out.set(node.tag, last.text);
    else if (node.kind === 'element') groupLabels(node.children, out, last);
  }
  return out;
}

function Nodes({ nodes, ctx, labels }: { nodes: TemplateNode[]; ctx: ControlContext; labels: Map<FormTag, string> }) {
  return (
    <>
      {nodes.map((node, i) => {
        if (node.kind === 'text') return <Text key={i} text={node.text} />;
        if (node.kind === 'tag') return <FormControl key={i} tag={node.tag} ctx={ctx} label={labels.get(node.tag)} />;
        const El = node.tag;
        const { class: className, for: htmlFor, id } = node.attrs;
        return (
          <El key={i} className={className} htmlFor={El === 'label' ? htmlFor : undefined} id={id}>
            <Nodes nodes={node.children} ctx={ctx} labels={labels} />
          </El>
        );
      })}
    </>
  );
}

export function FormMarkup(p: FormMarkupProps) {
  const { form, view, unitTag } = p;
  const invalid = new Map(view.invalid.map((f) => [f.field, f]));
  const tagByName = new Map<string, FormTag>(form.tags.filter((x) => x.name).map((x) => [x.name, x]));
  const hasResponseTag = form.tags.some((x) => x.type === 'response');
  const output = (
    <div className="wpcf7-response-output" aria-hidden="true">
      {view.message}
    </div>
  );
  const ctx: ControlContext = {
    unitTag,
    invalid,
    values: p.result?.values ?? null,
    quiz: p.quiz,
    freeText: p.freeText,
    counts: p.counts,
    tags: form.tags,
    submitDisabled: p.submitDisabled,
    submitting: p.submitting,
    responseOutput: output,
  };
  const status = p.submitting ? 'submitting' : view.status;
  return (
    <div className={`wpcf7 ${p.live ? 'js' : 'no-js'}`} id={unitTag} lang={form.locale.replace('_', '-')} dir="ltr" data-wpcf7-id={form.id}>
      <div className="screen-reader-response">
        <p role="status" aria-live="polite" aria-atomic="true">
          {view.message}
        </p>
        <ul>
          {view.invalid.map((f) => {
            const tag = tagByName.get(f.field);
            const target = f.idref ?? (tag ? controlId(unitTag, tag) : null);
            return (
              <li key={f.error_id} id={f.error_id}>
                {target ? <a href={`#${target}`}>{f.message}</a> : f.message}
              </li>
            );
          })}
        </ul>
      </div>
      <form
        ref={p.formRef}
        action={`${p.action}#${unitTag}`}
        method="post"
        className={`wpcf7-form ${statusClass(status)}`}
        aria-label={form.title || t('forms.formLabel')}
        noValidate
        encType="multipart/form-data"
        data-status={statusClass(status)}
        onSubmit={p.onSubmit}
        onChange={p.onChange}
        onInput={p.onInput}
        onBlur={p.onBlur}
        onReset={p.onReset}
        onPointerDown={p.onPointerDown}
      >
        <fieldset className="hidden-fields-container">
          <input type="hidden" name="_wpcf7" value={form.id} />
          <input type="hidden" name="_wpcf7_version" value={p.version} />
          <input type="hidden" name="_wpcf7_locale" value={form.locale} />
          <input type="hidden" name="_wpcf7_unit_tag" value={unitTag} />
          <input type="hidden" name="_wpcf7_container_post" value={p.containerPost} />
          <input type="hidden" name="_wpcf7_posted_data_hash" value={p.result?.response.posted_data_hash ?? ''} />
          {Object.entries(p.hidden ?? {}).map(([name, value]) => (
            <input key={name} type="hidden" name={name} value={value} />
          ))}
        </fieldset>
        {p.honeypot && <Honeypot name={p.honeypot} />}
        <Nodes nodes={form.template} ctx={ctx} labels={groupLabels(form.template)} />
        {!hasResponseTag && output}
      </form>
      {p.fetchError && <FetchError message={p.fetchError} />}
    </div>
  );
}

/** A field people do not see and bots fill in. */
function Honeypot({ name }: { name: string }): ReactNode {
  return (
    <span className="wpcf7-form-control-wrap vt-hp" data-name={name} aria-hidden="true">
      <label>
        {t('forms.honeypotLabel')}
        <input type="text" name={name} defaultValue="" tabIndex={-1} autoComplete="off" />
      </label>
    </span>
  );
}

/** An HTTP failure: an error block with the message after the form (spec §8). */
function FetchError({ message }: { message: string }) {
  return (
    <div className="wpcf7-response-output wpcf7-fetch-error" role="alert">
      {message}
    </div>
  );
}
