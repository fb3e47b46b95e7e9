import { Form, Link, redirect, useActionData } from 'react-router';
import type { Route } from './+types/admin.shipping.$id';
import { requireStaff, SETTINGS_ROLES } from '../features/admin/admin.server.ts';
import { getSettings } from '../features/settings/settings.server.ts';
import { CsrfField } from '../features/account/components/form-parts.tsx';
import { ActionNotice } from '../features/admin/components/action-notice.tsx';
import { MethodEditor } from '../features/shipping/components/method-editor.tsx';
import { ZoneForm } from '../features/shipping/components/zone-form.tsx';
import { addMethod, deleteMethod, listMethods, listShippingClasses, saveMethod, setMethodEnabled } from '../features/shipping/methods-admin.server.ts';
import { METHOD_LABELS, METHOD_TYPES, REST_OF_WORLD } from '../features/shipping/shipping.schema.ts';
import { deleteZone, getZone, saveZone } from '../features/shipping/zones-admin.server.ts';
import { formAction } from '../lib/action.server.ts';
import { isActionError, type ActionError } from '../lib/action.ts';
import { HttpError } from '../lib/http-error.ts';
import { currencyInfo } from '../lib/money.ts';
import { formToObject } from '../lib/validate.ts';
import { t } from '../i18n/t-admin.ts';

const REST = 'rest-of-world';

/** "new" (no zone yet), "rest-of-world" (zone id null) or a zone id. */
function zoneParam(id: string): { kind: 'new' } | { kind: 'rest' } | { kind: 'zone'; id: number } {
  if (id === 'new') return { kind: 'new' };
  if (id === REST) return { kind: 'rest' };
  if (/^\d{1,9}$/.test(id)) return { kind: 'zone', id: Number(id) };
  throw new Response('Not found', { status: 404 });
}

export const meta: Route.MetaFunction = ({ data }) => [{ title: `${data?.zone?.name ?? (data?.rest ? REST_OF_WORLD : t('admin.shipping.newZone'))} · ${t('admin.nav.shipping')} · ${t('admin.title')}` }];

export async function loader({ context, request, params }: Route.LoaderArgs) {
  requireStaff(context, request, SETTINGS_ROLES);
  const { db } = context.services;
  const which = zoneParam(params.id);
  let zone = null;
  if (which.kind === 'zone') {
    zone = await getZone(db, which.id).catch((err: unknown) => {
      throw err instanceof HttpError ? new Response('Not found', { status: 404 }) : err;
    });
  }
  const zoneId = which.kind === 'zone' ? which.id : null;
  const methods = which.kind === 'new' ? [] : await listMethods(db, zoneId);
  const { currency } = await getSettings(db);
  return { zone, rest: which.kind === 'rest', methods, classes: await listShippingClasses(db), exponent: currencyInfo(currency).exponent };
}

export async function action({ context, request, params }: Route.ActionArgs) {
  requireStaff(context, request, SETTINGS_ROLES);
  const { db } = context.services;
  const which = zoneParam(params.id);
  const form = await request.formData();
  const values = formToObject(form);
  const zoneId = which.kind === 'zone' ? which.id : null;
  const methodId = () => {
    if (which.kind === 'new') throw new HttpError(400, 'invalid', t('admin.shipping.saveZoneFirst'));
    const n = Number(values.methodId);
    if (!Number.isInteger(n) || n <= 0) throw new HttpError(400, 'invalid', t('admin.shipping.missingMethod'));
    return n;
  };
  return formAction(async () => {
    switch (values.intent) {
      case 'save-zone': {
        if (which.kind === 'rest') throw new HttpError(400, 'invalid', t('admin.shipping.restNoLocations'));
        const id = await saveZone(db, zoneId, { ...values, regions: form.getAll('regions').map(String) });
        return which.kind === 'new' ? redirect(`/admin/shipping/${id}`) : { done: t('admin.shipping.zoneSaved') };
      }
      case 'delete-zone':
        if (zoneId !== null) await deleteZone(db, zoneId);
        return redirect('/admin/shipping');
      case 'add-method':
        if (which.kind === 'new') throw new HttpError(400, 'invalid', t('admin.shipping.saveZoneFirst'));
        await addMethod(db, zoneId, values);
        return { done: t('admin.shipping.methodAdded') };
      case 'save-method':
        await saveMethod(db, zoneId, methodId(), values, (await getSettings(db)).currency);
        return { done: t('admin.shipping.methodSaved') };
      case 'enable-method':
      case 'disable-method':
        await setMethodEnabled(db, zoneId, methodId(), values.intent === 'enable-method');
        return { done: t(values.intent === 'enable-method' ? 'admin.shipping.methodEnabled' : 'admin.shipping.methodDisabled') };
      case 'delete-method':
        await deleteMethod(db, zoneId, methodId());
        return { done: t('admin.shipping.methodDeleted') };
      default:
        throw new HttpError(400, 'invalid', t('admin.shipping.unknown'));
    }
  }, values);
}

export default function ShippingZone({ loaderData }: Route.ComponentProps) {
  const { zone, rest, methods, classes, exponent } = loaderData;
  const result = useActionData<ActionError | { done: string }>();
  const error = isActionError(result) ? result : undefined;
  const title = zone ? zone.name : rest ? REST_OF_WORLD : t('admin.shipping.newZone');
  return (
    <>
      <p>
        <Link to="/admin/shipping">{t('admin.shipping.back')}</Link>
      </p>
      <h1>{title}</h1>
      <ActionNotice result={result} />
      {rest ? <p>{t('admin.shipping.restHint')}</p> : <ZoneForm key={zone?.id ?? 'new'} zone={zone} error={error} />}
      {zone || rest ? (
        <section aria-labelledby="methods-title">
          <h2 id="methods-title">{t('admin.shipping.zoneMethods')}</h2>
          {methods.length === 0 ? <p>{t('admin.shipping.noZoneMethods')}</p> : null}
          {methods.map((m) => (
            <MethodEditor key={m.id} method={m} classes={classes} exponent={exponent} />
          ))}
          <Form method="post" className="admin-form">
            <CsrfField />
            <div className="form-row">
              <label htmlFor="field-type">{t('admin.shipping.addMethod')}</label>
              <select id="field-type" name="type" defaultValue="flat_rate">
                {METHOD_TYPES.map((type) => (
                  <option key={type} value={type}>
                    {METHOD_LABELS[type]}
                  </option>
                ))}
              </select>
            </div>
            <button type="submit" className="button" name="intent" value="add-method">
              {t('admin.shipping.addMethodButton')}
            </button>
          </Form>
        </section>
      ) : (
        <p>{t('admin.shipping.saveZoneThen')}</p>
      )}
      {zone ? (
        <Form method="post">
          <CsrfField />
          <button type="submit" name="intent" value="delete-zone">
            {t('admin.shipping.deleteZone')}
          </button>
        </Form>
      ) : null}
    </>
  );
}
