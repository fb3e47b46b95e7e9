import { Form, redirect, useLoaderData, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from 'react-router';
import { CsrfField } from '../features/account/components/form-parts.tsx';
import { checkResumeLink, redeemResumeLink } from '../features/chat/chat-resume.server.ts';
import { chatCookieHeader } from '../features/chat/chat-token.server.ts';
import { formToObject } from '../lib/validate.ts';
import { t } from '../i18n/t-chat.ts';

/*
 * /chat/resume?token=…: where a chat's "continue on another device" link leads. Opening it
 * changes nothing (mail scanners open links too); the button moves the chat to this browser
 * and opens it. A link that is used, expired or whose chat has ended says so.
 */

export const meta: MetaFunction = () => [
  { title: t('chat.resume.title') },
  { name: 'robots', content: 'noindex' },
  // The token is in the address: never send it to other sites in the Referer header.
  { name: 'referrer', content: 'same-origin' },
];

export async function loader({ context, request }: LoaderFunctionArgs) {
  const token = new URL(request.url).searchParams.get('token') ?? '';
  const link = await checkResumeLink(context.services, token);
  return { token: link ? token : '', name: link?.name ?? null };
}

export async function action({ context, request }: ActionFunctionArgs) {
  const values = formToObject(await request.formData());
  const moved = await redeemResumeLink(context.services, values.token);
  if (!moved) return { failed: true };
  // The browser it came from loses it now, on every node.
  await context.services.chat?.disconnectUser(moved.chatUserId).catch((err: unknown) => context.services.log.error({ err }, 'chat: closing the old sockets failed'));
  // The launcher opens the chat for this hash (chat-launcher.tsx CHAT_HASH).
  return redirect('/#live-chat', { headers: { 'set-cookie': chatCookieHeader(moved.cookie, context.secure) } });
}

export default function ChatResume() {
  const { token, name } = useLoaderData<typeof loader>();
  return (
    <div className="page container">
      <div className="form-card">
        <h1>{t('chat.resume.title')}</h1>
        {token && name !== null ? (
          // A whole-page load after the move: the chat starts afresh with the new cookie and opens from the hash.
          <Form method="post" reloadDocument>
            <CsrfField />
            <input type="hidden" name="token" value={token} />
            <p>{t('chat.resume.text', { name })}</p>
            <button type="submit" className="button">
              {t('chat.resume.submit')}
            </button>
          </Form>
        ) : (
          <p className="notice notice--error" role="alert">
            {t('chat.resume.invalid')}
          </p>
        )}
      </div>
    </div>
  );
}
