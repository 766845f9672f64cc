export type NavItem = { href: string; label: string };

/**
 * The console's navigation, in display order. Each area adds its own line here when its pages
 * exist (planned: NFTs, Members, Tokens, API keys, Outbox); unbuilt areas are not linked.
 */
export const navItems: NavItem[] = [
  { href: '/overview', label: 'Overview' },
  { href: '/contracts', label: 'Contracts' },
  { href: '/nfts', label: 'NFTs' },
  { href: '/members', label: 'Members' },
  { href: '/tokens', label: 'Tokens' },
  { href: '/api-keys', label: 'API keys' },
  { href: '/webhooks', label: 'Webhooks' },
  { href: '/outbox', label: 'Outbox' },
  { href: '/activity', label: 'Activity' },
];

/** Links below the areas (reference material). */
export const secondaryNavItems: NavItem[] = [{ href: '/docs', label: 'API reference' }];
