/** react-query keys of the Tokens area; a send invalidates `all`. */
export const tokenKeys = {
  all: ['tokens'] as const,
  transfers: (query: Record<string, string | number>) => ['tokens', 'transfers', query] as const,
  memberOptions: (search: string) => ['tokens', 'member-options', search] as const,
};

/** The part of an A9 member list item the send form needs. */
export type MemberOption = {
  id: string;
  email: string;
  walletAddress: string | null;
  user: { name: string | null };
};

export function shortHash(value: string, head = 10, tail = 8): string {
  return value.length > head + tail + 1 ? `${value.slice(0, head)}…${value.slice(-tail)}` : value;
}
