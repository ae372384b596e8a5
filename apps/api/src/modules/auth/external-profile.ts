import * as oidc from 'openid-client';
import { profileFromClaims } from './users.repository';

/**
 * The person's email and name. Most issuers put them in the ID token; some (GOV.UK One Login)
 * give them only at the userinfo endpoint, which is asked only when the ID token lacks them.
 */
export async function externalProfile(
  configuration: oidc.Configuration,
  tokens: oidc.TokenEndpointResponse & oidc.TokenEndpointResponseHelpers,
  claims: oidc.IDToken,
) {
  const fromIdToken = profileFromClaims(claims);
  if (fromIdToken.email || !configuration.serverMetadata().userinfo_endpoint) return fromIdToken;
  // expectedSubject: userinfo for anyone but the person who just signed in is refused.
  const userInfo = await oidc.fetchUserInfo(configuration, tokens.access_token, claims.sub);
  const fromUserInfo = profileFromClaims(userInfo);
  return {
    email: fromUserInfo.email,
    firstName: fromIdToken.firstName ?? fromUserInfo.firstName,
    lastName: fromIdToken.lastName ?? fromUserInfo.lastName,
  };
}
