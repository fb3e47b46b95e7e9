import { Form, Link, useActionData } from 'react-router';
import type { Route } from './+types/admin.shipping';
import { requireStaff, SETTINGS_ROLES } from '../features/admin/admin.server.ts';
import { CsrfField } from '../features/account/components/form-parts.tsx';
import { REST_OF_WORLD } from '../features/shipping/shipping.schema.ts';
import { deleteZone, listZones, moveZone } from '../features/shipping/zones-admin.server.ts';
import { methodsByZone } from '../features/shipping/methods-admin.server.ts';
import { formAction } from '../lib/action.server.ts';
import { isActionError, type ActionError } from '../lib/action.ts';
import { HttpError } from '../lib/http-error.ts';
import { formToObject } from '../lib/validate.ts';
import { AdminTable } from '../features/admin/components/admin-table.tsx';
import { t } from '../i18n/t.ts';

export const meta: Route.MetaFunction = () => [{ title: `Shipping · ${t('admin.title')}` }];

export async function loader({ context, request }: Route.LoaderArgs) {
  requireStaff(context, request, SETTINGS_ROLES);
  const { db } = context.services;
  const methods = await methodsByZone(db);
  const zones = (await listZones(db)).map((z) => ({ ...z, methods: methods.get(z.id) ?? [] }));
  return { zones, restOfWorld: methods.get(null) ?? [] };
}

const id = (v: string | undefined) => {
  const n = Number(v);
  if (!Number.isInteger(n) || n <= 0) throw new HttpError(400, 'invalid', 'Missing or bad id.');
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
        return { ok: 'Zone order saved.' };
      case 'delete-zone':
        await deleteZone(db, id(values.zoneId));
        return { ok: 'Zone deleted.' };
      default:
        throw new HttpError(400, 'invalid', 'Unknown action.');
    }
  }, values);
}

type Methods = { id: number; title: string; enabled: boolean }[];
const methodList = (methods: Methods) =>
  methods.length === 0 ? <em>No shipping methods</em> : methods.map((m) => `${m.title}${m.enabled ? '' : ' (disabled)'}`).join(', ');

export default function ShippingZones({ loaderData }: Route.ComponentProps) {
  const { zones, restOfWorld } = loaderData;
  const result = useActionData<ActionError | { ok: string }>();
  const error = isActionError(result) ? result : undefined;
  return (
    <>
      <h1>Shipping</h1>
      {result && !error ? <p className="notice" role="status">{(result as { ok: string }).ok}</p> : null}
      {error ? <p className="notice notice--error" role="alert">{error.error.message}</p> : null}
      <h2>Shipping zones</h2>
      <p>A shopper gets the methods of the first zone, from the top, that takes in their address.</p>
      <p>
        <Link className="button" to="/admin/shipping/new">
          Add zone
        </Link>
      </p>
      <AdminTable
        label="Shipping zones, in matching order"
        rows={[...zones.map((z, i) => ({ ...z, index: i })), null]}
        rowKey={(z) => z?.id ?? 'rest'}
        columns={[
          {
            header: 'Zone',
            rowHeader: true,
            cell: (z) => (z ? <Link to={`/admin/shipping/${z.id}`}>{z.name}</Link> : <Link to="/admin/shipping/rest-of-world">{REST_OF_WORLD}</Link>),
          },
          {
            header: 'Regions',
            cell: (z) => (!z ? 'Addresses no zone above takes in' : z.locations.length ? z.locations.map((l) => l.label).join(', ') : <em>No regions: never matches</em>),
          },
          { header: 'Methods', cell: (z) => methodList(z ? z.methods : restOfWorld) },
          {
            header: 'Order and actions',
            hideHeader: true,
            cell: (z) =>
              z ? (
                <div className="admin-actions">
                  <Form method="post">
                    <CsrfField />
                    <input type="hidden" name="zoneId" value={z.id} />
                    <input type="hidden" name="intent" value="move" />
                    <button type="submit" name="direction" value="up" className="button button--ghost button--small" disabled={z.index === 0} aria-label={`Move ${z.name} up`}>
                      ↑
                    </button>
                    <button
                      type="submit"
                      name="direction"
                      value="down"
                      className="button button--ghost button--small"
                      disabled={z.index === zones.length - 1}
                      aria-label={`Move ${z.name} down`}
                    >
                      ↓
                    </button>
                  </Form>
                  <Form method="post">
                    <CsrfField />
                    <input type="hidden" name="zoneId" value={z.id} />
                    <button type="submit" name="intent" value="delete-zone" className="button button--ghost button--small" aria-label={`Delete ${z.name}`}>
                      Delete
                    </button>
                  </Form>
                </div>
              ) : null,
          },
        ]}
      />

      <h2>Shipping classes</h2>
      <p>
        Products of a class can cost more or less with flat rates (set the amounts in each flat rate). <Link to="/admin/shipping-classes">Manage the shipping classes</Link>.
      </p>
    </>
  );
}
