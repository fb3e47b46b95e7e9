/*
 * The welcome notice on My account right after registering: the registration sets a
 * short-lived cookie, the dashboard shows the notice once and clears it. A cookie rather than
 * a query flag, so the address stays /my-account and a shared link cannot show it.
 */

const WELCOME_COOKIE = 'vt_welcome';
/** Long enough for the redirect after the form post, short enough not to greet later. */
const WELCOME_SECONDS = 60;

// Path=/: with scripts the dashboard's data is fetched from /my-account.data, outside a /my-account path.
const attrs = (secure: boolean) => `Path=/; HttpOnly; SameSite=Lax${secure ? '; Secure' : ''}`;

export const welcomeCookie = (secure: boolean) => `${WELCOME_COOKIE}=1; Max-Age=${WELCOME_SECONDS}; ${attrs(secure)}`;
export const clearWelcomeCookie = (secure: boolean) => `${WELCOME_COOKIE}=; Max-Age=0; ${attrs(secure)}`;

export const hasWelcome = (request: Request) => (request.headers.get('cookie') ?? '').split(/;\s*/).includes(`${WELCOME_COOKIE}=1`);
