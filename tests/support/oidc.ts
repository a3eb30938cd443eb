import { createServer, type Server } from 'node:http';
import Provider from 'oidc-provider';

/**
 * A real OpenID Connect provider on loopback standing in for Google. Its development login page
 * accepts any login; the login is used as the e-mail address of the account.
 */
export async function startOidcProvider({
  redirectUri,
  clientId = 'frosted-test-client',
  clientSecret = 'frosted-test-secret',
}: {
  redirectUri: string;
  clientId?: string;
  clientSecret?: string;
}) {
  const server: Server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  const issuer = `http://127.0.0.1:${port}`;
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: [redirectUri],
        response_types: ['code'],
        grant_types: ['authorization_code'],
        token_endpoint_auth_method: 'client_secret_post',
      },
    ],
    claims: {
      openid: ['sub'],
      email: ['email', 'email_verified'],
      profile: ['name', 'given_name', 'family_name'],
    },
    async findAccount(_ctx, sub) {
      return {
        accountId: sub,
        async claims() {
          return {
            sub,
            email: sub,
            email_verified: true,
            name: 'Gabi Google',
            given_name: 'Gabi',
            family_name: 'Google',
          };
        },
      };
    },
    features: { devInteractions: { enabled: true } },
    cookies: { keys: ['frosted-test-cookie-key'] },
  });
  server.on('request', provider.callback());
  return {
    issuer,
    discoveryUrl: `${issuer}/.well-known/openid-configuration`,
    clientId,
    clientSecret,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
