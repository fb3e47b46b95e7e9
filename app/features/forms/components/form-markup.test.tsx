import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { parseTemplate } from '../parse.ts';
import { DEFAULT_MESSAGES } from '../rules.ts';
import { prefixUrl } from './form-behaviour.ts';
import { FormMarkup } from './form-markup.tsx';
import { INITIAL_VIEW, statusClass, type FormView, type PostedValues, type PublicForm } from './form-state.ts';

/* The server's rendering of every form-tag and option, as Contact Form 7 renders them. */

const TEMPLATE = `<p><label for="t-name">Name</label> [text* t-name id:t-name class:wide placeholder "Your name"]</p>
[email t-mail "a@b.example"]
[url t-url]
[tel t-tel]
[textarea t-text minlength:5 maxlength:50] Hello [/textarea]
[count t-text down]
[number t-num min:1 max:9 step:2]
[range t-range min:0 max:10]
[date t-date min:2026-01-01 max:2026-12-31]
<p>Pick one</p>
[select t-sel include_blank "One" "Two"]
[select t-first first_as_label "Choose…" "A" "B"]
[select t-multi multiple default:1_2 "X" "Y" "Z"]
<p>Colours</p>
[checkbox t-check exclusive label_first default:2 "Red" "Green"]
[checkbox* t-many use_label_element free_text "Mail" "Other"]
[radio t-radio default:1 "Yes" "No"]
[acceptance t-terms] I agree [/acceptance]
[acceptance t-news optional invert] No news [/acceptance]
[quiz t-quiz "1+1?|2"]
[file t-file limit:1mb filetypes:png|pdf]
[hidden t-hidden "kept"]
[response]
[submit "Go"]`;

function form(): PublicForm {
  const { template, tags, issues } = parseTemplate(TEMPLATE);
  expect(issues.filter((i) => i.severity === 'error')).toEqual([]);
  return { id: 7, title: 'All tags', locale: 'en-US', template, tags, messages: DEFAULT_MESSAGES, settings: { demoMode: false, subscribersOnly: false, acceptanceAsValidation: false, skipMail: false } };
}

function render(view: FormView = INITIAL_VIEW, values: PostedValues | null = null) {
  return renderToStaticMarkup(
    <FormMarkup
      form={form()}
      unitTag="wpcf7-f7-p3-o1"
      containerPost={3}
      version="6.0.6"
      action="/page"
      quiz={{ 't-quiz': { question: '1+1?', hash: 'h4sh' } }}
      hidden={{ _wpcf7_vt_started: 'signed' }}
      honeypot="_wpcf7_vt_hp"
      result={values ? { response: { contact_form_id: 7, status: view.status, message: view.message, posted_data_hash: 'ph', into: '#wpcf7-f7-p3-o1', invalid_fields: view.invalid }, values } : null}
      view={view}
      live={false}
      submitting={false}
      submitDisabled={false}
      freeText={null}
      counts={{}}
      fetchError={null}
    />,
  );
}

describe('contact form markup', () => {
  const html = render();

  it('has the wrapper, the screen-reader response, the form and CF7 hidden fields', () => {
    expect(html).toContain('<div class="wpcf7 no-js" id="wpcf7-f7-p3-o1" lang="en-US" dir="ltr" data-wpcf7-id="7">');
    expect(html).toContain('<div class="screen-reader-response"><p role="status" aria-live="polite" aria-atomic="true"></p><ul></ul></div>');
    expect(html).toMatch(/<form class="wpcf7-form init"[^>]*action="\/page#wpcf7-f7-p3-o1"[^>]*enctype="multipart\/form-data" method="post"|<form class="wpcf7-form init"[^>]*method="post"/);
    for (const [name, value] of [['_wpcf7', '7'], ['_wpcf7_version', '6.0.6'], ['_wpcf7_locale', 'en-US'], ['_wpcf7_unit_tag', 'wpcf7-f7-p3-o1'], ['_wpcf7_container_post', '3'], ['_wpcf7_vt_started', 'signed'], ['_wpcf7_quiz_answer_t-quiz', 'h4sh']])
      expect(html).toContain(`<input type="hidden" name="${name}" value="${value}"/>`);
    expect(html).toMatch(/<input type="text" name="_wpcf7_vt_hp" tabindex="-1" autocomplete="off" value=""\/>|name="_wpcf7_vt_hp"/);
  });

  it('renders text-like fields with their options', () => {
    expect(html).toContain(
      '<span class="wpcf7-form-control-wrap" data-name="t-name"><input type="text" id="t-name" size="40" maxLength="400" class="wpcf7-form-control wpcf7-text wpcf7-validates-as-required wide" placeholder="Your name" aria-required="true" aria-invalid="false" name="t-name" value=""/></span>',
    );
    expect(html).toContain('class="wpcf7-form-control wpcf7-email wpcf7-validates-as-email"');
    expect(html).toContain('value="a@b.example"');
    expect(html).toMatch(/type="url"[^>]*wpcf7-validates-as-url/);
    expect(html).toMatch(/type="tel"[^>]*wpcf7-validates-as-tel/);
    expect(html).toMatch(/<textarea name="t-text"[^>]*cols="40" rows="10" maxlength="50" minlength="5"[^>]*>Hello<\/textarea>|<textarea name="t-text"[^>]*>\s*Hello\s*<\/textarea>/);
    expect(html).toMatch(/<span class="wpcf7-form-control wpcf7-character-count down" data-target-name="t-text" data-starting-value="50" data-current-value="4\d" data-maximum-value="50" data-minimum-value="5">4\d<\/span>/);
    expect(html).toMatch(/<input type="number"[^>]*min="1" max="9" step="2"[^>]*wpcf7-validates-as-number/);
    expect(html).toMatch(/<input type="range"[^>]*min="0" max="10"/);
    expect(html).toMatch(/<input type="date"[^>]*min="2026-01-01" max="2026-12-31"[^>]*wpcf7-validates-as-date/);
    expect(html).toContain('<input type="hidden" class="wpcf7-form-control wpcf7-hidden" name="t-hidden" value="kept"/>');
  });

  it('renders selects with include_blank, first_as_label and multiple with defaults', () => {
    expect(html).toMatch(/<select name="t-sel"[^>]*><option value="" selected="">—Please choose an option—<\/option><option value="One">One<\/option><option value="Two">Two<\/option><\/select>/);
    expect(html).toMatch(/<select name="t-first"[^>]*><option value="" selected="">Choose…<\/option><option value="A">A<\/option><option value="B">B<\/option><\/select>/);
    expect(html).toMatch(/<select name="t-multi\[\]"[^>]*multiple=""[^>]*><option value="X" selected="">X<\/option><option value="Y" selected="">Y<\/option><option value="Z">Z<\/option><\/select>/);
  });

  it('renders checkboxes and radios with exclusive, label_first, use_label_element, free_text and default', () => {
    expect(html).toContain('class="wpcf7-form-control wpcf7-checkbox wpcf7-exclusive-checkbox" role="group"');
    // label_first: the label before its box; exclusive: one name without [].
    expect(html).toContain(
      '<span class="wpcf7-list-item last"><span class="wpcf7-list-item-label" id="wpcf7-f7-p3-o1-t-check-1-label">Green</span> <input type="checkbox" aria-labelledby="wpcf7-f7-p3-o1-t-check-1-label" aria-invalid="false" name="t-check" checked="" value="Green"/></span>',
    );
    expect(html).toContain(
      '<span class="wpcf7-list-item first"><label><input type="checkbox" id="wpcf7-f7-p3-o1-t-many" aria-invalid="false" name="t-many[]" value="Mail"/> <span class="wpcf7-list-item-label" id="wpcf7-f7-p3-o1-t-many-0-label">Mail</span></label></span>',
    );
    expect(html).toContain(
      '<span class="wpcf7-list-item last has-free-text"><label><input type="checkbox" aria-invalid="false" name="t-many[]" value="Other"/> <span class="wpcf7-list-item-label" id="wpcf7-f7-p3-o1-t-many-1-label">Other</span></label><input type="text" class="wpcf7-free-text" aria-label="Other" name="_wpcf7_free_text_t-many" value=""/></span>',
    );
    expect(html).toMatch(/role="group" aria-labelledby="wpcf7-f7-p3-o1-t-check-legend"/);
    expect(html).toContain('<span class="screen-reader-text" id="wpcf7-f7-p3-o1-t-check-legend">Colours</span>');
    expect(html).toMatch(/wpcf7-radio" role="radiogroup"/);
    expect(html).toMatch(/<input type="radio"[^>]*name="t-radio" checked="" value="Yes"\/>/);
  });

  it('renders acceptance (optional, invert), the quiz, the file with accept, the response and submit', () => {
    expect(html).toContain(
      '<span class="wpcf7-form-control wpcf7-acceptance"><span class="wpcf7-list-item"><label><input type="checkbox" id="wpcf7-f7-p3-o1-t-terms" aria-invalid="false" name="t-terms" value="1"/> <span class="wpcf7-list-item-label">I agree</span></label></span></span>',
    );
    expect(html).toContain('class="wpcf7-form-control wpcf7-acceptance optional invert"');
    expect(html).toMatch(/<label><span class="wpcf7-quiz-label">1\+1\?<\/span> <input type="text"[^>]*class="wpcf7-form-control wpcf7-quiz" autoComplete="off"[^>]*name="t-quiz"/);
    expect(html).toMatch(/<input type="file"[^>]*class="wpcf7-form-control wpcf7-file" accept=".png,.pdf"/);
    // [response] puts the output where it stands (before the submit), and only there.
    expect(html.match(/class="wpcf7-response-output"/g)).toHaveLength(1);
    expect(html.indexOf('wpcf7-response-output')).toBeLessThan(html.indexOf('wpcf7-submit'));
    expect(html).toContain('<input type="submit" class="wpcf7-form-control wpcf7-submit has-spinner" value="Go"/>');
  });

  it('shows an answer: state class, tips with aria-describedby, the list with links, and the values entered', () => {
    const invalid = [{ field: 't-mail', into: 'span.wpcf7-form-control-wrap[data-name="t-mail"]', message: 'Please enter an email address.', idref: null, error_id: 'wpcf7-f7-p3-o1-ve-t-mail' }];
    const out = render({ status: 'validation_failed', message: 'Errors.', invalid }, { 't-name': 'Ada <b>', 't-mail': 'nope', 't-many': ['Other'], _wpcf7_free_text_t_many: '', 't-sel': 'Two' });
    expect(out).toMatch(/<form class="wpcf7-form invalid"/);
    expect(out).toContain('<p role="status" aria-live="polite" aria-atomic="true">Errors.</p><ul><li id="wpcf7-f7-p3-o1-ve-t-mail"><a href="#wpcf7-f7-p3-o1-t-mail">Please enter an email address.</a></li></ul>');
    expect(out).toMatch(/<input type="email" id="wpcf7-f7-p3-o1-t-mail"[^>]*class="[^"]*wpcf7-not-valid"[^>]*aria-invalid="true" aria-describedby="wpcf7-f7-p3-o1-ve-t-mail" name="t-mail" value="nope"\/><span class="wpcf7-not-valid-tip" aria-hidden="true">Please enter an email address.<\/span>/);
    expect(out).toContain('value="Ada &lt;b&gt;"');
    expect(out).toMatch(/<option value="Two" selected="">Two<\/option>/);
    expect(out).toContain('name="t-many[]" checked="" value="Other"/>');
  });

  it('names each status as Contact Form 7 does, others as a class of their own', () => {
    expect(['validation_failed', 'acceptance_missing', 'spam', 'aborted', 'mail_sent', 'mail_failed', 'submitting', 'payment_required'].map(statusClass)).toEqual([
      'invalid',
      'unaccepted',
      'spam',
      'aborted',
      'sent',
      'failed',
      'submitting',
      'payment-required',
    ]);
  });

  it('prefixes http:// to a URL with a dot and no scheme, and leaves others', () => {
    expect(prefixUrl('example.com')).toBe('http://example.com');
    expect(prefixUrl('//example.com/x')).toBe('http://example.com/x');
    expect(prefixUrl('https://example.com')).toBe('https://example.com');
    expect(prefixUrl('mailto:a@b.c')).toBe('mailto:a@b.c');
    expect(prefixUrl('localhost')).toBe('localhost');
    expect(prefixUrl('')).toBe('');
  });
});
