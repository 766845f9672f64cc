import type { OpenAPIRegistry } from '@asteasolutions/zod-to-openapi';
import { z } from 'zod';
import { aErrors, jsonBody, jsonResponse } from '@/lib/openapi/registry';
import { licenceIds } from './licences';
import { copyrightDecisionBody, copyrightResendView, copyrightStateView, copyrightVerifyView } from './schemas';

/** The split's rules, in the words the README uses; appended to the A6/A7/A8 descriptions. */
export const copyrightRules =
  'Copyright split rules (extension): every holder gets an e-mail with a single-use link (14 days) to authorize or ' +
  'reject their share, stating where they decide from (`copyAuthLocation`); each decision sets `copyAuthTimestamp`. ' +
  '`copyrightStatus` is NONE (no holders), AWAITING, REJECTED (any share rejected) or COPYRIGHTED (every share ' +
  'AUTHORIZED — then `copyrightedAt`, the agreed `licence`, the canonical JSON record pinned to the content store and ' +
  "its EIP-712 signature by the organization's wallet are set). `licence` is one of " +
  licenceIds.join(', ') +
  ' (default ALL-RIGHTS-RESERVED when there are holders). A8 with `copyright` and/or `licence` replaces the split ' +
  'and starts a new round: every share is PENDING again (also for unchanged holders — this is how to ask again after a ' +
  'rejection), links of the previous round stop working and earlier decisions stay as history. Once the NFT is ' +
  'MINTED (or being minted, PENDING) its split and licence are frozen: A8 with `copyright` or `licence` answers 409. ' +
  'A7 `status: MINTED` on an NFT whose split is AWAITING or REJECTED answers 409, and the mint action refuses until ' +
  'the signed record is stored. When the last holder authorizes and the contract was deployed by this service, the ' +
  'NFT is minted at once; its token metadata names the record (`properties.copyright.record` = `ipfs://<CID>`, with ' +
  'licence and signature). Other A8 fields stay editable until minting and do not reopen consent.';

export function registerCopyrightPaths(registry: OpenAPIRegistry) {
  const tags = ['Copyright'];
  const nftId = z.string().meta({ description: 'The NFT’s id.', example: '7d1c2b3a-9e8f-4a6b-8c5d-1e2f3a4b5c6d' });
  const id = z.object({ id: nftId });
  registry.registerPath({
    method: 'get',
    path: '/cl2c/nft/{id}/copyright',
    operationId: 'getNftCopyright',
    summary: "Extension — the split's state: each share's decision (time, place, reason) and link, who has not answered, the licence, the signed record, history",
    description: copyrightRules,
    tags,
    request: { params: id },
    responses: { 200: jsonResponse('The copyright state', copyrightStateView), 401: aErrors[401], 404: aErrors[404] },
  });
  registry.registerPath({
    method: 'post',
    path: '/cl2c/nft/{id}/copyright/shares/{shareId}/resend',
    operationId: 'resendCopyrightRequest',
    summary: 'Extension — send a share’s holder a new authorization link (the previous one stops working)',
    description:
      'Only for a PENDING share of an NFT that is not minted, whose holder is still an ACTIVE member (409 otherwise; ' +
      'to ask again after a decision, edit the split with A8). A share of another NFT or organization is 404.',
    tags,
    request: {
      params: z.object({
        id: nftId,
        shareId: z.string().meta({ description: 'The copyright share’s id (`copyright[].id` of A6/A8, `shares[].shareId` of the state).', example: '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d' }),
      }),
    },
    responses: { 200: jsonResponse('Sent', copyrightResendView), 401: aErrors[401], 404: aErrors[404], 409: aErrors[409] },
  });
  registry.registerPath({
    method: 'get',
    path: '/cl2c/nft/{id}/copyright/verify',
    operationId: 'verifyNftCopyright',
    summary: "Extension — verify the stored record: EIP-712 signature against the organization's wallet, and the record's CID",
    description:
      'EIP-712 domain `{name: "CL2C Copyright Record", version: "1", chainId}` (137 MAINNET, 80002 TESTNET, from the ' +
      "record's contract), primary type `CopyrightRecord(string nftId,string licence,string copyrightedAt,Holder[] holders," +
      'bytes32 recordHash)` with `Holder(address wallet,uint16 basisPoints,string decidedAt,string location)`; ' +
      '`recordHash` = keccak256 of the UTF-8 bytes of `copyrightMetadata` exactly, so any byte change fails verification.',
    tags,
    request: { params: id },
    responses: { 200: jsonResponse('The verification', copyrightVerifyView), 401: aErrors[401], 404: aErrors[404] },
  });
  registry.registerPath({
    method: 'post',
    path: '/cl2c/nft/{id}/copyright/decision',
    operationId: 'decideNftCopyright',
    summary: 'Extension (console session only) — a holder who is a signed-in admin answers for their own share',
    description: 'API keys get 403. Not a holder of this NFT → 404; already answered → 409.',
    tags,
    request: { params: id, body: jsonBody(copyrightDecisionBody) },
    responses: {
      200: jsonResponse(
        'Recorded',
        z.object({ nftId: z.string(), decision: z.enum(['AUTHORIZED', 'REJECTED']), copyrightStatus: z.string() }),
      ),
      400: aErrors[400],
      401: aErrors[401],
      403: jsonResponse('API keys cannot answer for a holder.', aErrors[409].content['application/json'].schema),
      404: aErrors[404],
      409: aErrors[409],
    },
  });
}
