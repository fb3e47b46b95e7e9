import { Form, useActionData, useLoaderData, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from 'react-router';
import { CsrfField } from '../features/account/components/form-parts.tsx';
import { checkTranscriptLink, redeemTranscriptLink } from '../features/chat/chat-mail.server.ts';
import { formToObject } from '../lib/validate.ts';
import { t } from '../i18n/t-chat.ts';

/*
 * /chat/transcript?token=…: where the link that confirms an address for a chat's copy leads.
 * Opening it changes nothing (mail scanners open links too); the button spends the link and
 * mails the copy to the address the link was sent to.
 */

export const meta: MetaFunction = () => [
  { title: t('chat.transcript.title') },
  { name: 'robots', content: 'noindex' },
  // The token is in the address: never send it to other sites in the Referer header.
  { name: 'referrer', content: 'same-origin' },
];

export async function loader({ context, request }: LoaderFunctionArgs) {
  const token = new URL(request.url).searchParams.get('token') ?? '';
  return { token: (await checkTranscriptLink(context.services, token)) ? token : '' };
}

export async function action({ context, request }: ActionFunctionArgs) {
  const values = formToObject(await request.formData());
  return { sent: await redeemTranscriptLink(context.services, values.token) };
}

export default function ChatTranscript() {
  const { token } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  return (
    <div className="page container">
      <div className="form-card">
        <h1>{t('chat.transcript.title')}</h1>
        {result?.sent ? (
          <p className="notice" role="status">
            {t('chat.transcript.sent')}
          </p>
        ) : token && !result ? (
          <Form method="post">
            <CsrfField />
            <input type="hidden" name="token" value={token} />
            <p>{t('chat.transcript.text')}</p>
            <button type="submit" className="button">
              {t('chat.transcript.submit')}
            </button>
          </Form>
        ) : (
          <p className="notice notice--error" role="alert">
            {t('chat.transcript.invalid')}
          </p>
        )}
      </div>
    </div>
  );
}
