import { Form, data, redirect, useActionData } from 'react-router';
import type { Route } from './+types/account.edit-address.$type';
import { getCustomerAddresses, storeCustomerAddress } from '../features/address/customer-addresses.server.ts';
import { CsrfField, FormErrors } from '../features/account/components/form-parts.tsx';
import { addressFromPost, statesFor } from '../features/checkout/address-form.server.ts';
import { AddressFields, addressFromForm, addressLabels } from '../features/checkout/components/address-fields.tsx';
import { getSettings } from '../features/settings/settings.server.ts';
import { useScrollToNotices } from '../ui/scroll-to-notices.tsx';
import { HttpError } from '../lib/http-error.ts';
import type { Country } from '../features/shipping/countries.ts';
import type { ActionError } from '../lib/action.ts';
import { formToObject } from '../lib/validate.ts';
import { requireUser } from '../features/account/require-user.server.ts';
import { isAddressType } from '../features/checkout/address-form.server.ts';
import { t } from '../i18n/t-orders.ts';

const titleOf = (type: string) => t(type === 'billing' ? 'myaccount.billingAddress' : 'myaccount.shippingAddress');

export const meta: Route.MetaFunction = ({ params }) => [{ title: titleOf(params.type) }, { name: 'robots', content: 'noindex' }];

export async function loader({ context, params, request }: Route.LoaderArgs) {
  if (!isAddressType(params.type)) throw data(null, { status: 404 });
  const user = requireUser(context, request);
  const saved = (await getCustomerAddresses(context.services.db, user.id))[params.type];
  const { baseCountry } = await getSettings(context.services.db);
  const values = saved ?? { country: baseCountry, email: params.type === 'billing' ? user.email : '' };
  return { type: params.type, values, states: statesFor(values.country) };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  requireUser(context, request);
  const type = params.type;
  if (!isAddressType(type)) throw data(null, { status: 404 });
  const values = formToObject(await request.formData());
  try {
    const address = addressFromPost(values, type);
    await storeCustomerAddress(context.services.db, requireUser(context, request).id, type, address);
    return redirect('/my-account/edit-address?saved=1');
  } catch (err) {
    if (!(err instanceof HttpError)) throw err;
    // The states of the country submitted, which may differ from the saved one (changed without scripts).
    const answer: ActionError & { states: Country[] } = {
      error: { code: err.code, message: err.message, fields: err.fields },
      values: withoutCsrf(values),
      states: statesFor(values[`${type}_country`]),
    };
    return data(answer, { status: err.status });
  }
}

const withoutCsrf = (values: Record<string, string>) => Object.fromEntries(Object.entries(values).filter(([k]) => k !== '_csrf'));

export default function EditAddress({ loaderData }: Route.ComponentProps) {
  const result = useActionData<ActionError & { states: Country[] }>();
  const notices = useScrollToNotices(result);
  const { type } = loaderData;
  const submitted = result?.values ? addressFromForm(result.values, type) : null;
  const values = submitted ?? loaderData.values;
  const country = (values.country ?? '').toUpperCase();
  // After a refused post the fields are those of the country submitted (it may have changed without scripts).
  const states = result ? result.states : loaderData.states;
  return (
    <>
      <h1>{titleOf(type)}</h1>
      <div ref={notices}>
        <FormErrors result={result} labels={addressLabels(type, country)} />
      </div>
      <Form method="post" noValidate className="account-form" key={result ? 'again' : 'first'}>
        <CsrfField />
        <AddressFields kind={type} values={values} states={states} errors={result?.error.fields} withContact={type === 'billing'} />
        <button type="submit" className="button">
          {t('myaccount.saveAddress')}
        </button>
      </Form>
    </>
  );
}
