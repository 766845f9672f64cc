/** Who is calling: an API key of the organization or a signed-in admin of it. */
export type Actor =
  | { kind: 'api_key'; keyId: string; userId: string; organizationId: string; requestId: string }
  | { kind: 'user'; userId: string; organizationId: string; requestId: string };
