import { z } from 'zod';

/**
 * The closed list of licences an NFT's copyright holders can be asked to agree to. Stored by
 * identifier (SPDX where one exists); the texts here are what the authorization page shows.
 */
export const licences = {
  'CC-BY-4.0': {
    name: 'Creative Commons Attribution 4.0 International',
    url: 'https://creativecommons.org/licenses/by/4.0/',
    summary: 'Anyone may share and adapt the work, also commercially, as long as they credit the authors.',
  },
  'CC-BY-SA-4.0': {
    name: 'Creative Commons Attribution-ShareAlike 4.0 International',
    url: 'https://creativecommons.org/licenses/by-sa/4.0/',
    summary: 'Anyone may share and adapt the work, also commercially, crediting the authors and sharing adaptations under the same licence.',
  },
  'CC-BY-NC-4.0': {
    name: 'Creative Commons Attribution-NonCommercial 4.0 International',
    url: 'https://creativecommons.org/licenses/by-nc/4.0/',
    summary: 'Anyone may share and adapt the work for non-commercial purposes, crediting the authors.',
  },
  'CC-BY-NC-ND-4.0': {
    name: 'Creative Commons Attribution-NonCommercial-NoDerivatives 4.0 International',
    url: 'https://creativecommons.org/licenses/by-nc-nd/4.0/',
    summary: 'Anyone may share the unchanged work for non-commercial purposes, crediting the authors; no adaptations.',
  },
  'CC0-1.0': {
    name: 'Creative Commons Zero 1.0 Universal (public domain dedication)',
    url: 'https://creativecommons.org/publicdomain/zero/1.0/',
    summary: 'The holders waive their rights: anyone may use the work for any purpose without asking.',
  },
  'ALL-RIGHTS-RESERVED': {
    name: 'All rights reserved',
    url: null,
    summary: 'The holders keep every right; any use beyond owning the token needs their permission.',
  },
} as const satisfies Record<string, { name: string; url: string | null; summary: string }>;

export type LicenceId = keyof typeof licences;
export const licenceIds = Object.keys(licences) as [LicenceId, ...LicenceId[]];

/** Offered when an NFT with copyright holders is created without naming a licence. */
export const DEFAULT_LICENCE: LicenceId = 'ALL-RIGHTS-RESERVED';

export const licenceId = z.enum(licenceIds, { message: `must be one of ${licenceIds.join(', ')}` });

export function licenceDetails(id: string | null) {
  if (!id || !(id in licences)) return null;
  const l = licences[id as LicenceId];
  return { id: id as LicenceId, name: l.name, url: l.url, summary: l.summary };
}
