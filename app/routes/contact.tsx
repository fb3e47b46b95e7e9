import type { Route } from './+types/contact';
import { getSettings } from '../features/settings/settings.server.ts';
import { publicSettings } from '../features/settings/public-settings.ts';
import { DEMO_CONTACT_FORM_ID } from '../features/forms/demo-form.ts';
import { embedForms } from '../features/forms/form-embed.server.ts';
import { formPageAction } from '../features/forms/form-page.server.ts';
import { ContactFormById, FormsProvider } from '../features/forms/components/embed.tsx';
import { t } from '../i18n/t-forms.ts';
import '../features/forms/forms.css';

/*
 * The contact page: the demo shop's "Contact us" form. The same for every visitor, so the
 * page cache may keep it; without scripts the form posts here and the page comes back with
 * the answer's messages and the values entered.
 */

export const meta: Route.MetaFunction = ({ data }) => [{ title: `${t('forms.contactTitle')} · ${data?.settings.storeName ?? 'Vitrine'}` }];

export async function loader({ context }: Route.LoaderArgs) {
  const [settings, forms] = await Promise.all([getSettings(context.services.db), embedForms(context, [DEMO_CONTACT_FORM_ID], { action: '/contact' })]);
  return { settings: publicSettings(settings), forms };
}

export async function action({ context, request }: Route.ActionArgs) {
  return formPageAction(context, request, { action: '/contact', ids: [DEMO_CONTACT_FORM_ID] });
}

export default function Contact({ loaderData, actionData }: Route.ComponentProps) {
  const forms = actionData?.forms ?? loaderData.forms;
  return (
    <div className="page container contact-page">
      <h1>{t('forms.contactTitle')}</h1>
      <div className="contact-page__grid">
        <div>
          <p className="contact-page__intro">{t('forms.contactIntro')}</p>
          <FormsProvider forms={forms}>
            <ContactFormById id={DEMO_CONTACT_FORM_ID} />
          </FormsProvider>
          {!forms[DEMO_CONTACT_FORM_ID] && <p>{t('forms.notFound')}</p>}
        </div>
        <aside className="contact-page__aside" aria-labelledby="contact-aside">
          <h2 id="contact-aside">{t('forms.asideTitle')}</h2>
          <p>
            {t('forms.asideTracking')} <a href="/order-tracking">{t('forms.asideTrackingLink')}</a>.
          </p>
          <p>
            {t('forms.asideAccount')} <a href="/my-account">{t('forms.asideAccountLink')}</a>.
          </p>
          <p>{t('forms.asideReturns')}</p>
        </aside>
      </div>
    </div>
  );
}
