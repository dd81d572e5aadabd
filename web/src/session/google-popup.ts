/** Google sign-in through a 500x600 popup and the /auth/callback page (spec 1 §7). */

const POPUP_WIDTH = 500;
const POPUP_HEIGHT = 600;
const POPUP_CLOSED_CHECK_MS = 1_000;
const OAUTH_STATE_KEY = 'kicksight-oauth-state';
export const OAUTH_MESSAGE = 'kicksight-oauth';

const POPUP_BLOCKED = 'Failed to open popup window';
const POPUP_CLOSED = 'OAuth popup was closed';
const OAUTH_FAILED = 'OAuth failed';
const NO_CODE = 'No authorization code received';

interface GoogleConfig {
  clientId: string;
  authorizationUrl: string;
}

/** The Google client of this build (an OAuth2 server of its own can stand in locally). */
const googleConfig: GoogleConfig = {
  clientId: (import.meta.env?.VITE_GOOGLE_CLIENT_ID as string | undefined) ?? 'kicksight-web',
  authorizationUrl: (import.meta.env?.VITE_GOOGLE_AUTHORIZATION_URL as string | undefined) ?? 'https://accounts.google.com/o/oauth2/v2/auth',
};

const redirectUriOf = (origin: string): string => `${origin}/auth/callback`;

/** What the callback page posts to the window that opened it. */
type OAuthMessage = { type: typeof OAUTH_MESSAGE; ok: true; code: string; state: string | null } | { type: typeof OAUTH_MESSAGE; ok: false; error: string };

export function authorizationUrlOf(config: GoogleConfig, redirectUri: string, state: string): string {
  const url = new URL(config.authorizationUrl);
  url.searchParams.set('client_id', config.clientId);
  url.searchParams.set('redirect_uri', redirectUri);
  url.searchParams.set('response_type', 'code');
  url.searchParams.set('scope', 'openid email profile');
  url.searchParams.set('state', state);
  url.searchParams.set('prompt', 'select_account');
  return url.toString();
}

/** Opens the popup and resolves with the authorization code once the callback page reports it. */
export function requestGoogleCode(config: GoogleConfig = googleConfig, win: Window = window): Promise<{ code: string; redirectUri: string }> {
  const state = crypto.randomUUID();
  const redirectUri = redirectUriOf(win.location.origin);
  win.sessionStorage.setItem(OAUTH_STATE_KEY, state);
  const left = Math.max(0, win.screenX + (win.outerWidth - POPUP_WIDTH) / 2);
  const top = Math.max(0, win.screenY + (win.outerHeight - POPUP_HEIGHT) / 2);
  const popup = win.open(authorizationUrlOf(config, redirectUri, state), 'kicksight-google', `width=${POPUP_WIDTH},height=${POPUP_HEIGHT},left=${left},top=${top}`);
  if (!popup) return Promise.reject(new Error(POPUP_BLOCKED));

  return new Promise((resolve, reject) => {
    const finish = () => {
      clearInterval(closedCheck);
      win.removeEventListener('message', onMessage);
      win.sessionStorage.removeItem(OAUTH_STATE_KEY);
    };
    const onMessage = (event: MessageEvent<OAuthMessage>) => {
      if (event.origin !== win.location.origin || event.data?.type !== OAUTH_MESSAGE) return;
      finish();
      if (!event.data.ok) reject(new Error(event.data.error || OAUTH_FAILED));
      else if (event.data.state !== state) reject(new Error(OAUTH_FAILED));
      else resolve({ code: event.data.code, redirectUri });
    };
    const closedCheck = setInterval(() => {
      if (popup.closed) {
        finish();
        reject(new Error(POPUP_CLOSED));
      }
    }, POPUP_CLOSED_CHECK_MS);
    win.addEventListener('message', onMessage);
  });
}

/** The callback page's report: a code (with its state), or an error. */
export function callbackMessageOf(params: URLSearchParams): OAuthMessage {
  const code = params.get('code');
  const error = params.get('error');
  if (error) return { type: OAUTH_MESSAGE, ok: false, error };
  if (!code) return { type: OAUTH_MESSAGE, ok: false, error: NO_CODE };
  return { type: OAUTH_MESSAGE, ok: true, code, state: params.get('state') };
}
