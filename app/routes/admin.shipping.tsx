import { Form, Link, useActionData } from 'react-router';
import type { Route } from './+types/admin.shipping';
import { requireStaff, SETTINGS_ROLES } from '../features/admin/admin.server.ts';
import { CsrfField } from '../features/account/components/form-parts.tsx';
import { REST_OF_WORLD } from '../features/shipping/shipping.schema.ts';
import { deleteZone, listZones, moveZone } from '../features/shipping/zones-admin.server.ts';
import { methodsByZone } from '../features/shipping/methods-admin.server.ts';
import { formAction } from '../lib/action.server.ts';
import type { ActionError } from '../lib/action.ts';
import { HttpError } from '../lib/http-error.ts';
import { formToObject } from '../lib/validate.ts';
import { ActionNotice } from '../features/admin/components/action-notice.tsx';
import { AdminTable } from '../features/admin/components/admin-table.tsx';
import { t } from '../i18n/t-admin.ts';

export const meta: Route.MetaFunction = () => [{ title: `${t('admin.nav.shipping')} · ${t('admin.title')}` }];

export async function loader({ context, request }: Route.LoaderArgs) {
  requireStaff(context, request, SETTINGS_ROLES);
  const { db } = context.services;
  const methods = await methodsByZone(db);
  const zones = (await listZones(db)).map((z) => ({ ...z, methods: methods.get(z.id) ?? [] }));
  return { zones, restOfWorld: methods.get(null) ?? [] };
}

const id = (v: string | undefined) => {
  const n = Number(v);
  if (!Number.isInteger(n) || n <= 0) throw new HttpError(400, 'invalid', t('admin.shipping.badId'));
  return n;
};

export async function action({ context, request }: Route.ActionArgs) {
  requireStaff(context, request, SETTINGS_ROLES);
  const { db } = context.services;
  const values = formToObject(await request.formData());
  return formAction(async () => {
    switch (values.intent) {
      case 'move':
        await moveZone(db, id(values.zoneId), values.direction === 'down' ? 'down' : 'up');
        return { done: t('admin.shipping.orderSaved') };
      case 'delete-zone':
        await deleteZone(db, id(values.zoneId));
        return { done: t('admin.shipping.zoneDeleted') };
      default:
        throw new HttpError(400, 'invalid', t('admin.shipping.unknown'));
    }
  }, values);
}

type Methods = { id: number; title: string; enabled: boolean }[];
const methodList = (methods: Methods) =>
  methods.length === 0 ? <em>{t('admin.shipping.noMethods')}</em> : methods.map((m) => (m.enabled ? m.title : t('admin.shipping.disabled', { title: m.title }))).join(', ');

export default function ShippingZones({ loaderData }: Route.ComponentProps) {
  const { zones, restOfWorld } = loaderData;
  const result = useActionData<ActionError | { done: string }>();
  return (
    <>
      <h1>{t('admin.nav.shipping')}</h1>
      <ActionNotice result={result} />
      <h2>{t('admin.shipping.zones')}</h2>
      <p>{t('admin.shipping.zonesHint')}</p>
      <p>
        <Link className="button" to="/admin/shipping/new">
          {t('admin.shipping.addZone')}
        </Link>
      </p>
      <AdminTable
        label={t('admin.shipping.zonesTable')}
        rows={[...zones.map((z, i) => ({ ...z, index: i })), null]}
        rowKey={(z) => z?.id ?? 'rest'}
        columns={[
          {
            header: t('admin.shipping.zone'),
            rowHeader: true,
            cell: (z) => (z ? <Link to={`/admin/shipping/${z.id}`}>{z.name}</Link> : <Link to="/admin/shipping/rest-of-world">{REST_OF_WORLD}</Link>),
          },
          {
            header: t('admin.shipping.regions'),
            cell: (z) => (!z ? t('admin.shipping.restRegions') : z.locations.length ? z.locations.map((l) => l.label).join(', ') : <em>{t('admin.shipping.noRegions')}</em>),
          },
          { header: t('admin.shipping.methods'), cell: (z) => methodList(z ? z.methods : restOfWorld) },
          {
            header: t('admin.shipping.actions'),
            hideHeader: true,
            cell: (z) =>
              z ? (
                <div className="admin-actions">
                  <Form method="post">
                    <CsrfField />
                    <input type="hidden" name="zoneId" value={z.id} />
                    <input type="hidden" name="intent" value="move" />
                    <button type="submit" name="direction" value="up" className="button button--ghost button--small" disabled={z.index === 0} aria-label={t('admin.shipping.moveUp', { name: z.name })}>
                      ↑
                    </button>
                    <button
                      type="submit"
                      name="direction"
                      value="down"
                      className="button button--ghost button--small"
                      disabled={z.index === zones.length - 1}
                      aria-label={t('admin.shipping.moveDown', { name: z.name })}
                    >
                      ↓
                    </button>
                  </Form>
                  <Form method="post">
                    <CsrfField />
                    <input type="hidden" name="zoneId" value={z.id} />
                    <button type="submit" name="intent" value="delete-zone" className="button button--ghost button--small" aria-label={t('admin.shipping.deleteLabel', { name: z.name })}>
                      {t('admin.shipping.delete')}
                    </button>
                  </Form>
                </div>
              ) : null,
          },
        ]}
      />

      <h2>{t('admin.shipping.classes')}</h2>
      <p>
        {t('admin.shipping.classesHint')} <Link to="/admin/shipping-classes">{t('admin.shipping.manageClasses')}</Link>.
      </p>
    </>
  );
}
