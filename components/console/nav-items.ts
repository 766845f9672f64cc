export type NavItem = { href: string; label: string };

/**
 * The console's navigation, in display order. Each area adds its own line here when its pages
 * exist (planned: NFTs, Members, Tokens, API keys, Outbox); unbuilt areas are not linked.
 */
export const navItems: NavItem[] = [
  { href: '/overview', label: 'Overview' },
  { href: '/contracts', label: 'Contracts' },
  { href: '/api-keys', label: 'API keys' },
];

/** Links below the areas (reference material). */
export const secondaryNavItems: NavItem[] = [{ href: '/docs', label: 'API reference' }];
