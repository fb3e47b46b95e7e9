import { Form, useActionData, useLoaderData, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from 'react-router';
import { requireStaff, SETTINGS_ROLES } from '../features/admin/admin.server.ts';
import { CsrfField } from '../features/account/components/form-parts.tsx';
import { ActionNotice } from '../features/admin/components/action-notice.tsx';
import { getChatSettings, saveChatSettings } from '../features/chat/chat-settings.server.ts';
import { assignOperatorVendor, operatorVendors } from '../features/chat/chat-operators.server.ts';
import { formAction } from '../lib/action.server.ts';
import { isActionError } from '../lib/action.ts';
import { HttpError } from '../lib/http-error.ts';
import { TableScroll } from '../ui/table-scroll.tsx';
import { formToObject } from '../lib/validate.ts';
import { t } from '../i18n/t-admin.ts';

/* The live chat's settings (chat.<key> rows): the widget's look, the forms it offers, and which vendor each operator serves. Managers and administrators. */

export const meta: MetaFunction = () => [{ title: `${t('admin.chat.settings')} · ${t('admin.title')}` }];

const FLAGS = ['enabled', 'displayLogin', 'gdpr', 'offlineForm', 'autoplay', 'vendorOnlyChat', 'operatorBypassSameEmail'] as const;
const TEXTS = ['colour', 'buttonType', 'xPos', 'yPos', 'showDelay', 'guestLimit', 'offlineEmail', 'popupWidth', 'buttonWidth', 'formWidth', 'borderRadius', 'animation', 'autoplayDelay'] as const;
type Numeric = 'showDelay' | 'guestLimit' | 'popupWidth' | 'buttonWidth' | 'formWidth' | 'borderRadius' | 'autoplayDelay';

export async function loader({ context, request }: LoaderFunctionArgs) {
  requireStaff(context, request, SETTINGS_ROLES);
  const [settings, staff] = await Promise.all([getChatSettings(context.services.db), operatorVendors(context.services.db)]);
  return { settings, ...staff };
}

export async function action({ context, request }: ActionFunctionArgs) {
  requireStaff(context, request, SETTINGS_ROLES);
  const values = formToObject(await request.formData());
  return formAction(async () => {
    if (values.intent === 'vendor') {
      const r = await assignOperatorVendor(context.services.db, values, context.services.chat);
      return { done: t('admin.chat.vendorSaved', { name: r.user.name || r.user.email, vendor: r.vendorName || t('admin.chat.theShop') }) };
    }
    // Every field is in the form: a post without them (not this form) changes nothing.
    const missing = TEXTS.filter((k) => values[k] === undefined);
    if (values.intent !== 'save' || missing.length) throw new HttpError(400, 'invalid', t('admin.chat.settingsMissing'), Object.fromEntries(missing.map((k) => [k, t('admin.chat.settingsMissing')])));
    const input: Record<string, unknown> = {};
    for (const k of TEXTS) input[k] = values[k];
    for (const k of FLAGS) input[k] = values[k] === 'on';
    await saveChatSettings(context.services.db, input, context.services.chat);
    return { done: t('admin.chat.settingsSaved') };
  }, values);
}

export default function AdminChatSettings() {
  const { settings, operators, vendors } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const error = result && isActionError(result) ? result.error : null;
  const fieldError = (k: string) => (error?.fields?.[k] ? <p className="field-error" id={`chat-${k}-error`}>{error.fields[k]}</p> : null);
  const described = (k: string) => (error?.fields?.[k] ? { 'aria-invalid': true, 'aria-describedby': `chat-${k}-error` } : {});
  const check = (k: (typeof FLAGS)[number], label: string) => (
    <p className="form-row form-row--check">
      <label>
        <input type="checkbox" name={k} defaultChecked={settings[k]} /> {label}
      </label>
    </p>
  );
  const select = (k: 'buttonType' | 'xPos' | 'yPos' | 'animation', label: string, options: [string, string][]) => (
    <p className="form-row">
      <label htmlFor={`chat-${k}`}>{label}</label>
      <select id={`chat-${k}`} name={k} defaultValue={settings[k]} {...described(k)}>
        {options.map(([v, l]) => (
          <option key={v} value={v}>
            {l}
          </option>
        ))}
      </select>
      {fieldError(k)}
    </p>
  );
  const text = (k: 'colour' | 'offlineEmail' | Numeric, label: string, type = 'text') => (
    <p className="form-row">
      <label htmlFor={`chat-${k}`}>{label}</label>
      <input id={`chat-${k}`} name={k} type={type} defaultValue={String(settings[k])} {...(type === 'number' ? { min: 0, step: 1 } : {})} {...described(k)} />
      {fieldError(k)}
    </p>
  );
  return (
    <>
      <h1>{t('admin.chat.settings')}</h1>
      <ActionNotice result={result} />
      <Form method="post" className="admin-form">
        <CsrfField />
        <input type="hidden" name="intent" value="save" />
        {check('enabled', t('admin.chat.s.enabled'))}
        {text('colour', t('admin.chat.s.colour'))}
        {select('buttonType', t('admin.chat.s.buttonType'), [['classic', t('admin.chat.s.classic')], ['round', t('admin.chat.s.round')]])}
        {select('xPos', t('admin.chat.s.xPos'), [['right', t('admin.chat.s.right')], ['left', t('admin.chat.s.left')]])}
        {select('yPos', t('admin.chat.s.yPos'), [['bottom', t('admin.chat.s.bottom')], ['top', t('admin.chat.s.top')]])}
        {text('showDelay', t('admin.chat.s.showDelay'), 'number')}
        {text('popupWidth', t('admin.chat.s.popupWidth'), 'number')}
        {text('formWidth', t('admin.chat.s.formWidth'), 'number')}
        {text('buttonWidth', t('admin.chat.s.buttonWidth'), 'number')}
        {text('borderRadius', t('admin.chat.s.borderRadius'), 'number')}
        {select('animation', t('admin.chat.s.animation'), [
          ['fade', t('admin.chat.s.animFade')],
          ['slide', t('admin.chat.s.animSlide')],
          ['bounce', t('admin.chat.s.animBounce')],
          ['zoom', t('admin.chat.s.animZoom')],
          ['none', t('admin.chat.s.animNone')],
        ])}
        {check('autoplay', t('admin.chat.s.autoplay'))}
        {text('autoplayDelay', t('admin.chat.s.autoplayDelay'), 'number')}
        {check('displayLogin', t('admin.chat.s.displayLogin'))}
        {check('gdpr', t('admin.chat.s.gdpr'))}
        {check('offlineForm', t('admin.chat.s.offlineForm'))}
        {text('offlineEmail', t('admin.chat.s.offlineEmail'), 'email')}
        {text('guestLimit', t('admin.chat.s.guestLimit'), 'number')}
        {check('vendorOnlyChat', t('admin.chat.s.vendorOnlyChat'))}
        {check('operatorBypassSameEmail', t('admin.chat.s.operatorBypassSameEmail'))}
        <button type="submit" className="button">
          {t('admin.chat.s.save')}
        </button>
      </Form>
      <h2 id="chat-operator-vendors">{t('admin.chat.vendors')}</h2>
      <p>{t('admin.chat.vendorsHelp')}</p>
      <TableScroll label={t('admin.chat.vendors')}>
        <table className="admin-table">
          <thead>
            <tr>
              <th scope="col">{t('admin.chat.operator')}</th>
              <th scope="col">{t('admin.chat.vendor')}</th>
            </tr>
          </thead>
          <tbody>
            {operators.map((o) => (
              <tr key={o.userId}>
                <td>
                  {o.name || o.email} <span className="muted">{o.email}</span>
                </td>
                <td>
                  <Form method="post" className="inline-form">
                    <CsrfField />
                    <input type="hidden" name="intent" value="vendor" />
                    <input type="hidden" name="userId" value={o.userId} />
                    <label htmlFor={`chat-vendor-${o.userId}`} className="visually-hidden">
                      {t('admin.chat.vendorOf', { name: o.name || o.email })}
                    </label>
                    <select id={`chat-vendor-${o.userId}`} name="vendorId" defaultValue={String(o.vendorId)}>
                      <option value="0">{t('admin.chat.theShop')}</option>
                      {vendors.map((v) => (
                        <option key={v.id} value={v.id}>
                          {v.name}
                        </option>
                      ))}
                    </select>{' '}
                    <button type="submit" className="button button--small">
                      {t('admin.chat.vendorSave')}
                    </button>
                  </Form>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableScroll>
    </>
  );
}
