import { CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';

let identityProviderClient: CognitoIdentityProviderClient | undefined;

/** The user pool's admin API (sessions, cognito/* routes, the sign-in triggers). */
export function cognitoClient(): CognitoIdentityProviderClient {
  identityProviderClient ??= new CognitoIdentityProviderClient({});
  return identityProviderClient;
}
