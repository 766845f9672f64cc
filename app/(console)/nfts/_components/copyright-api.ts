import type { z } from 'zod';
import type { CopyrightDecisionBody, copyrightResendView, copyrightStateView, copyrightVerifyView } from '@/lib/copyright/schemas';
import { apiFetch } from '@/lib/http/client';
import { nftKeys } from './api';

export type CopyrightState = z.infer<typeof copyrightStateView>;
export type CopyrightVerification = z.infer<typeof copyrightVerifyView>;
export type CopyrightResend = z.infer<typeof copyrightResendView>;

const base = (id: string) => `/api/v1/cl2c/nft/${encodeURIComponent(id)}/copyright`;

/** Under nftKeys.all, so every NFT mutation refreshes the copyright state too. */
export const copyrightKeys = {
  state: (id: string) => [...nftKeys.all, 'copyright', id] as const,
  verify: (id: string) => [...nftKeys.all, 'copyright-verify', id] as const,
};

export const fetchCopyrightState = (id: string, signal?: AbortSignal) => apiFetch<CopyrightState>(base(id), { signal });
export const verifyCopyright = (id: string, signal?: AbortSignal) => apiFetch<CopyrightVerification>(`${base(id)}/verify`, { signal });
export const resendCopyrightRequest = (id: string, shareId: string) =>
  apiFetch<CopyrightResend>(`${base(id)}/shares/${encodeURIComponent(shareId)}/resend`, { method: 'POST' });
export const decideOwnShare = (id: string, body: CopyrightDecisionBody) =>
  apiFetch<{ nftId: string; decision: 'AUTHORIZED' | 'REJECTED'; copyrightStatus: string }>(`${base(id)}/decision`, {
    method: 'POST',
    body,
  });
