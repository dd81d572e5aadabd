import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { OAuth2Issuer, OAuth2Service } from 'oauth2-mock-server';

/** The audience StockX's accounts domain issues API tokens for. */
export const STOCKX_AUDIENCE = 'gateway.stockx.com';
/** The scopes an integration asks for: a refresh token (`offline_access`) and an identity. */
export const REQUIRED_SCOPES = ['offline_access', 'openid'];

interface TokenRequest extends IncomingMessage {
  body: Record<string, string | undefined>;
}

/**
 * StockX's accounts domain (an Auth0 tenant: `/authorize`, `/oauth/token`), played by the mock OAuth2
 * server the Google sign-in tests use. On top of it the sandbox keeps StockX's rules: authorize asks
 * for audience `gateway.stockx.com` and scopes `offline_access openid`; the token endpoint takes only the
 * application's id and secret; access tokens carry the gateway audience; a refresh token works once
 * (each refresh answers a new one: rotation).
 */
export async function createAccounts({ issuerUrl, clientId, clientSecret, tokenTtlS }: { issuerUrl: string; clientId: string; clientSecret: string; tokenTtlS: number }) {
  const issuer = new OAuth2Issuer();
  issuer.url = issuerUrl;
  await issuer.keys.generate('RS256');
  const service = new OAuth2Service(issuer, { token: '/oauth/token' });
  const liveRefreshTokens = new Set<string>();
  const refused = (error: string, description: string) => ({ statusCode: error === 'invalid_client' ? 401 : 400, body: { error, error_description: description } });

  service.on('beforeAuthorizeRedirect', ({ url }: { url: URL }, req: IncomingMessage) => {
    const query = new URL(req.url ?? '/', 'http://sandbox').searchParams;
    const scopes = (query.get('scope') ?? '').split(' ');
    const problem =
      query.get('client_id') !== clientId
        ? 'unknown client_id'
        : query.get('audience') !== STOCKX_AUDIENCE
          ? `audience must be ${STOCKX_AUDIENCE}`
          : !REQUIRED_SCOPES.every((s) => scopes.includes(s))
            ? `scope must include ${REQUIRED_SCOPES.join(' ')}`
            : null;
    if (!problem) return;
    url.searchParams.delete('code');
    url.searchParams.set('error', 'invalid_request');
    url.searchParams.set('error_description', problem);
  });

  service.on('beforeTokenSigning', (token: { payload: Record<string, unknown> }, req: TokenRequest) => {
    // The access token (it has a scope; the id token has none) is for the API gateway.
    if ('scope' in token.payload) token.payload.aud = STOCKX_AUDIENCE;
    token.payload.exp = Math.floor(Date.now() / 1000) + tokenTtlS;
    // Every token is its own, even two issued within one second to the same account (a refresh right after a link).
    token.payload.jti = randomUUID();
    void req;
  });

  service.on('beforeResponse', (response: { statusCode: number; body: Record<string, unknown> }, req: TokenRequest) => {
    const body = req.body ?? {};
    if (body.client_id !== clientId || body.client_secret !== clientSecret) {
      Object.assign(response, refused('invalid_client', 'unknown client or wrong secret'));
      return;
    }
    if (body.grant_type === 'refresh_token') {
      if (!body.refresh_token || !liveRefreshTokens.delete(body.refresh_token)) {
        Object.assign(response, refused('invalid_grant', 'unknown or already used refresh token'));
        return;
      }
    } else if (body.grant_type !== 'authorization_code') {
      Object.assign(response, refused('unsupported_grant_type', 'authorization_code and refresh_token only'));
      return;
    }
    response.body.expires_in = tokenTtlS;
    const next = response.body.refresh_token;
    if (typeof next === 'string') liveRefreshTokens.add(next);
  });

  return {
    handler: service.requestHandler,
    /** The public keys API calls' tokens are checked against. */
    jwks: () => ({ keys: issuer.keys.toJSON() }),
    issuerUrl,
  };
}

export type Accounts = Awaited<ReturnType<typeof createAccounts>>;
