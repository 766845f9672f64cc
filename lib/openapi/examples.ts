/**
 * Request and response examples of every operation, by operationId, attached to the documents by
 * finish.ts. lib/openapi/document-examples.test.ts validates each against its schema, and the
 * typed-client tests send the request examples to the real handlers.
 */
export type OperationExamples = { request?: unknown; responses: Record<string, unknown> };

const CONTRACT_ID = '0f8e7a52-4c1b-4f0e-9a3d-6b2c1d9e8f70';
const NFT_ID = '7d1c2b3a-9e8f-4a6b-8c5d-1e2f3a4b5c6d';
const MEMBER_ID = 'a3b4c5d6-e7f8-4a9b-8c1d-2e3f4a5b6c7d';
const USER_ID = '5b6c7d8e-9f01-4a2b-8c3d-4e5f6a7b8c9d';
const INVITATION_ID = 'c1d2e3f4-a5b6-4c7d-8e9f-0a1b2c3d4e5f';
const WALLET = '0x52908400098527886E0F7030069857D2E4169EE7';
const CREATED = '2026-11-22T10:00:00.000Z';
const UPDATED = '2026-11-22T10:05:00.000Z';
const IMAGE = 'ipfs://bafkreidlp6sdj6jkroakvmbntpy2clsj77foijheae5byt3iwz7d2k542a';
const METADATA_URI = 'ipfs://bafkreieqiyxatklkih7cdcjzd7fgwgluwoso7zcimgjoaeibz6ejtbimwm';
const TX = '0x5c504ed432cb51138bcf09aa5e8a410dd4a1e204ef84bfed1be16dfba1b22060';

const contract = {
  id: CONTRACT_ID,
  name: 'Genesis Collection',
  symbol: 'GEN',
  description: 'First editions of the 2026 catalogue',
  network: 'POLYGON',
  env: 'TESTNET',
  status: 'CREATED',
  contractAddress: null,
  deployedAt: null,
  metadata: { curator: 'Ana' },
  creatorAddress: null,
  deploymentTransactionHash: null,
  deploymentLogs: null,
  totalNFTs: 3,
  createdAt: CREATED,
  updatedAt: UPDATED,
};
const deployed = { ...contract, status: 'DEPLOYED', contractAddress: WALLET, deployedAt: UPDATED, creatorAddress: WALLET };

const nft = {
  id: NFT_ID,
  status: 'CREATED',
  name: 'Sunrise',
  description: 'Sunrise over the harbour, 1 of 1',
  externalUrl: 'https://example.com/art/sunrise',
  imagePath: IMAGE,
  supply: 1,
  mintedAt: null,
  tokenId: null,
  createdAt: CREATED,
  smartContract: { id: CONTRACT_ID, name: 'Genesis Collection', symbol: 'GEN', contractAddress: null, status: 'CREATED', network: 'POLYGON', env: 'TESTNET' },
  copyrightStatus: 'AWAITING',
  licence: 'ALL-RIGHTS-RESERVED',
};
const nftNoShares = { ...nft, copyrightStatus: 'NONE', licence: null };
const auditDecision = {
    id: 'e9f0a1b2-c3d4-4e5f-8a6b-7c8d9e0f1a2b',
    action: 'copyright.reject',
    actionLabel: 'Copyright share rejected',
    entityType: 'nft',
    entityTypeLabel: 'NFT',
    entityId: NFT_ID,
    entityLabel: 'Sunrise',
    href: `/nfts/${NFT_ID}`,
    actor: { type: 'user', id: USER_ID, label: 'ana@example.com' },
    requestId: '3f2c1c1e-8b0e-4a51-9f5e-2d7f3f1e9a10',
    createdAt: CREATED,
  };
const share = {
  id: '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d',
  userId: USER_ID,
  status: 'PENDING',
  percentage: 60,
  email: 'ana@example.com',
  copyAuthLocation: null,
  copyAuthTimestamp: null,
  walletAddress: [{ address: WALLET, isPrimary: true }],
  userName: 'ana.lima',
  userImage: null,
};
const share2 = {
  ...share,
  id: '1b2c3d4e-5f6a-4b7c-8d9e-0f1a2b3c4d5e',
  userId: 'e5f6a7b8-c9d0-4e1f-8a2b-3c4d5e6f7a8b',
  percentage: 40,
  email: 'ben@example.com',
  walletAddress: [{ address: '0xde709f2102306220921060314715629080e2fb77', isPrimary: true }],
  userName: 'ben.k',
};
const nftCreated = { ...nft, metadata: { attributes: [{ trait_type: 'Edition', value: 1 }] }, copyright: [share, share2], totalOwners: 2 };
const nftDetail = {
  ...nftCreated,
  tokenUri: METADATA_URI,
  metadataUri: METADATA_URI,
  tokenId: null,
  tokenOwner: null,
  mintTransactionHash: null,
  mintLogs: null,
  mintBlockedBy: 'the smart contract is not deployed yet',
  chainTransaction: null,
  createdAt: CREATED,
  updatedAt: UPDATED,
};

const page = (data: unknown[], filters: Record<string, unknown>) => ({
  data,
  pagination: { page: 1, limit: 20, total: data.length, totalPages: 1, hasNext: false, hasPrev: false },
  filters,
});

const memberItem = {
  id: MEMBER_ID,
  kind: 'member',
  email: 'ana@example.com',
  walletAddress: WALLET,
  totalNFTs: 2,
  status: 'ACTIVE',
  role: 'MEMBER',
  createdAt: CREATED,
  updatedAt: UPDATED,
  user: { id: USER_ID, name: 'Ana Lima', userName: 'ana.lima', image: null, emailVerified: true, isRegistered: true },
  invitation: null,
};
const invitationItem = {
  id: INVITATION_ID,
  kind: 'invitation',
  email: 'carla@example.com',
  walletAddress: null,
  totalNFTs: 0,
  status: 'PENDING',
  role: null,
  createdAt: CREATED,
  updatedAt: CREATED,
  user: { id: null, name: null, userName: null, image: null, emailVerified: false, isRegistered: false },
  invitation: { phone: '+15551234567', expiresAt: '2026-11-29T10:00:00.000Z', expired: false, sendCount: 1, lastSentAt: CREATED },
};
const memberDetail = {
  ...memberItem,
  user: { ...memberItem.user, firstName: 'Ana', lastName: 'Lima', phoneNumber: '+15551234567' },
  endUserNfts: [
    {
      id: share.id,
      status: 'PENDING',
      percentage: 60,
      copyAuthLocation: null,
      copyAuthTimestamp: null,
      nft: {
        id: NFT_ID,
        status: 'CREATED',
        mintedAt: null,
        supply: 1,
        name: 'Sunrise',
        description: 'Sunrise over the harbour, 1 of 1',
        externalUrl: 'https://example.com/art/sunrise',
        imagePath: IMAGE,
        smartContract: { id: CONTRACT_ID, name: 'Genesis Collection', symbol: 'GEN', contractAddress: null },
      },
    },
  ],
};

const tokenResult = {
  success: true,
  transactionHash: TX,
  tokenType: 'mainnet',
  broadcast: false,
  note: 'Signed locally with the organization’s development key; NOT broadcast to any network.',
  transferId: 'f1e2d3c4-b5a6-4978-8695-a4b3c2d1e0f9',
  status: 'SIGNED',
  state: 'signed',
  error: null,
};

const TX2 = '0x9a1f3c5e7b2d4f6a8c0e1b3d5f7a9c2e4b6d8f0a1c3e5b7d9f2a4c6e8b0d1f3a';
/** A send that was stuck, replaced with higher fees, and whose replacement mined. */
const chainFacts = (kind: 'deploy' | 'mint' | 'transfer') => ({
  id: 'e5f6a7b8-c9d0-4e1f-8a2b-3c4d5e6f7a8b',
  kind,
  chain: 'evm',
  chainId: 80002,
  status: 'CONFIRMED',
  state: 'mined_success',
  pending: false,
  confirmed: true,
  requiredConfirmations: 5,
  broadcast: true,
  fromAddress: WALLET,
  nonce: 7,
  transactionHash: TX2,
  transactions: [
    { transactionHash: TX, purpose: 'original', nonce: 7, maxFeePerGas: '30000000000', maxPriorityFeePerGas: '1500000000', broadcast: true, createdAt: CREATED },
    { transactionHash: TX2, purpose: 'speedup', nonce: 7, maxFeePerGas: '33750000000', maxPriorityFeePerGas: '1687500000', broadcast: true, createdAt: UPDATED },
  ],
  receipt: { transactionHash: TX2, status: 'success', blockNumber: 1204, blockHash: '0x3b1f8e2d4c6a9b0e1f2d3c4b5a6978e8d7c6b5a4f3e2d1c0b9a8f7e6d5c4b3a2', blockTime: UPDATED, gasUsed: '21000', effectiveGasPrice: '31200000000' },
  error: null,
  cancelRequestedAt: null,
  history: [
    { status: 'PREPARED', transactionHash: null, detail: 'recorded before calling the chain', at: CREATED },
    { status: 'SIGNED', transactionHash: TX, detail: 'signed nonce 7', at: CREATED },
    { status: 'SUBMITTED', transactionHash: TX, detail: null, at: CREATED },
    { status: 'SUBMITTED', transactionHash: TX2, detail: 'replaced at nonce 7 with higher fees (maxFeePerGas 33750000000 wei)', at: UPDATED },
    { status: 'MINED', transactionHash: TX2, detail: 'mined in block 1204 (1 of 5 confirmations)', at: UPDATED },
    { status: 'CONFIRMED', transactionHash: TX2, detail: '5 confirmations', at: UPDATED },
  ],
});

const transferDetailExample = {
  id: tokenResult.transferId,
  memberId: MEMBER_ID,
  memberEmail: 'ana@example.com',
  memberName: 'Ana Lima',
  toAddress: WALLET,
  amount: '1.5',
  tokenType: 'mainnet',
  transactionHash: TX2,
  status: 'CONFIRMED',
  state: 'mined_success',
  broadcast: true,
  chain: 'evm',
  error: null,
  success: true,
  note: 'Broadcast to the network over RPC; the transaction hash confirms nothing until it is mined.',
  idempotencyKey: 'payout-2026-11-22-0001',
  chainTransaction: chainFacts('transfer'),
  createdAt: CREATED,
  updatedAt: UPDATED,
};

const WEBHOOK_SECRET = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw8PzQ1mNvB2c=';
const WEBHOOK_EVENT = 'msg_2f9c1e7a4b8d4c6e9a1b3d5f7e9c2a4b';
const webhookEndpoint = {
  id: 'b3c4d5e6-f7a8-4b9c-8d1e-2f3a4b5c6d7e',
  url: 'https://hooks.example.com/cl2c',
  description: 'Order system',
  eventTypes: ['nft.minted', 'transfer.confirmed'],
  status: 'ENABLED',
  disabledReason: null,
  secretPrefix: WEBHOOK_SECRET.slice(0, 12),
  previousSecretExpiresAt: null,
  createdAt: CREATED,
  updatedAt: UPDATED,
};

export const familyAExamples: Record<string, OperationExamples> = {
  listContracts: {
    responses: { 200: page([contract], { search: 'genesis', status: null, sortBy: 'createdAt', sortOrder: 'desc' }) },
  },
  createContract: {
    request: { name: 'Genesis Collection', symbol: 'GEN', description: 'First editions of the 2026 catalogue', network: 'POLYGON', env: 'TESTNET', metadata: { curator: 'Ana' } },
    responses: { 201: { ...contract, totalNFTs: 0, updatedAt: CREATED } },
  },
  updateContract: {
    request: { id: CONTRACT_ID, status: 'DEPLOYED', contractAddress: WALLET, deployedAt: UPDATED },
    responses: { 200: deployed },
  },
  deleteContract: {
    responses: {
      200: { message: 'Smart contract deleted.', deletedContract: { id: CONTRACT_ID, name: 'Genesis Collection' } },
      409: { error: 'The contract still has 3 NFTs; delete them first.', details: [`id: contract ${CONTRACT_ID} has 3 NFTs`] },
    },
  },
  listNfts: {
    responses: { 200: page([nft], { search: null, status: null, contractId: CONTRACT_ID, sortBy: 'createdAt', sortOrder: 'desc' }) },
  },
  createNft: {
    request: {
      name: 'Sunrise',
      smartContractId: CONTRACT_ID,
      description: 'Sunrise over the harbour, 1 of 1',
      externalUrl: 'https://example.com/art/sunrise',
      imagePath: IMAGE,
      metadata: { attributes: [{ trait_type: 'Edition', value: 1 }] },
      supply: 1,
      copyright: [
        { userId: USER_ID, percentage: 60 },
        { userId: share2.userId, percentage: 40 },
      ],
    },
    responses: {
      201: nftCreated,
      400: { error: 'Invalid request body.', details: ['copyright: percentages must add up to exactly 100 (they add up to 90)'] },
    },
  },
  updateNftStatus: {
    request: { id: NFT_ID, status: 'MINTED', mintedAt: UPDATED },
    responses: {
      200: { ...nftNoShares, status: 'MINTED', mintedAt: UPDATED },
      409: { error: 'The copyright split is not authorized by every holder yet.', details: ['status: copyright split is AWAITING; an NFT is MINTED only once COPYRIGHTED'] },
    },
  },
  getNft: { responses: { 200: nftDetail } },
  updateNft: {
    request: { name: 'Sunrise (restored)', supply: 5, metadata: { attributes: [{ trait_type: 'Edition', value: 2 }] } },
    responses: { 200: { ...nft, name: 'Sunrise (restored)', supply: 5 } },
  },
  deleteNft: {
    responses: {
      200: { message: 'NFT deleted.', deletedNft: { id: NFT_ID, name: 'Sunrise' } },
      409: { error: 'A minted NFT cannot be deleted: it exists on chain.', details: [`id: NFT ${NFT_ID} is MINTED`] },
    },
  },
  listCopyrightHolderCandidates: {
    responses: { 200: { data: [{ id: USER_ID, email: 'ana@example.com', name: 'Ana Lima', userName: 'ana.lima', walletAddress: WALLET }] } },
  },
  getNftMetadata: {
    responses: {
      200: {
        name: 'Sunrise',
        description: 'Sunrise over the harbour, 1 of 1',
        image: IMAGE,
        external_url: 'https://example.com/art/sunrise',
        attributes: [{ trait_type: 'Edition', value: 1 }],
      },
    },
  },
  listMembers: {
    responses: { 200: page([memberItem, invitationItem], { search: null, status: null, hasWallet: null, sortBy: 'createdAt', sortOrder: 'desc' }) },
  },
  getMember: { responses: { 200: memberDetail, 404: { error: 'Member or invitation not found.', details: [] } } },
  updateMember: {
    request: { email: 'carla.new@example.com', resend: true },
    responses: { 200: { id: INVITATION_ID, email: 'carla.new@example.com', walletAddress: null, resent: true } },
  },
  removeMember: { responses: { 200: { message: 'Member removed.' } } },
  bulkInvite: {
    request: { users: [{ email: 'dana@example.com', phone: '+15551234567' }, { email: 'ana@example.com' }, { email: 'not-an-email' }] },
    responses: {
      200: {
        data: {
          results: [
            { email: 'dana@example.com', status: 'invited', reason: 'invitation e-mail queued', id: 'd4e5f6a7-b8c9-4d0e-8f1a-2b3c4d5e6f7a' },
            { email: 'ana@example.com', status: 'skipped', reason: 'already a member of the organization', id: MEMBER_ID },
            { email: 'not-an-email', status: 'failed', reason: 'email: must be a valid e-mail address', id: null },
          ],
          summary: { total: 3, invited: 1, skipped: 1, failed: 1 },
        },
      },
    },
  },
  checkInvitees: {
    request: { emails: ['dana@example.com', 'ana@example.com', 'carla@example.com', ''] },
    responses: {
      200: {
        data: {
          results: [
            { email: 'dana@example.com', status: 'new', id: null, reason: 'will be invited' },
            { email: 'ana@example.com', status: 'member', id: MEMBER_ID, reason: 'already a member of the organization' },
            { email: 'carla@example.com', status: 'invited', id: INVITATION_ID, reason: 'already invited (invitation pending)' },
            { email: '', status: 'invalid', id: null, reason: 'email: is required' },
          ],
        },
      },
    },
  },
  listOutbox: {
    responses: {
      200: page(
        [
          {
            id: 'b2c3d4e5-f6a7-4b8c-9d0e-1f2a3b4c5d6e',
            to: 'dana@example.com',
            subject: 'You are invited to Acme on CL2C',
            text: 'Accept your invitation: http://127.0.0.1:3000/invite/3q2-7wEs',
            html: null,
            status: 'PENDING',
            attempts: 0,
            lastError: null,
            nextAttemptAt: null,
            claimedAt: null,
            sentAt: null,
            links: ['http://127.0.0.1:3000/invite/3q2-7wEs'],
            linkNotice: 'Not delivered (no SMTP configured). The link is for dana@example.com only: pass it to them and nobody else — it is their proof of who they are.',
            createdAt: CREATED,
            updatedAt: CREATED,
          },
        ],
        { search: null, status: null, sortBy: 'createdAt', sortOrder: 'desc' },
      ),
    },
  },
  sendTokens: {
    request: { memberId: MEMBER_ID, amount: 1.5, tokenType: 'mainnet' },
    responses: {
      200: tokenResult,
      409: { error: 'The member has no wallet address.', details: [`memberId: member ${MEMBER_ID} has no wallet`] },
    },
  },
  deployContract: {
    responses: {
      200: {
        ...contract,
        status: 'DEPLOYED',
        contractAddress: '0x8A791620dd6260079BF849Dc5567aDC3F2FdC318',
        deployedAt: UPDATED,
        creatorAddress: WALLET,
        deploymentTransactionHash: TX,
        deploymentLogs: JSON.stringify({ blockNumber: 41, gasUsed: '2315842', status: 'success' }),
        chainTransaction: { ...chainFacts('deploy'), transactions: chainFacts('deploy').transactions.slice(0, 1), transactionHash: TX, receipt: { ...chainFacts('deploy').receipt, transactionHash: TX } },
      },
      409: { error: 'The contract is already DEPLOYED.', details: [`id: contract ${CONTRACT_ID} is DEPLOYED`] },
      422: { error: 'The chain refused the deployment: insufficient funds for gas.', details: ['chain: insufficient funds for gas * price + value'] },
      502: { error: 'The chain node could not be reached.', details: ['chain: connect ECONNREFUSED 127.0.0.1:8545'] },
    },
  },
  mintNft: {
    responses: {
      200: {
        ...nftDetail,
        status: 'MINTED',
        mintedAt: UPDATED,
        copyrightStatus: 'COPYRIGHTED',
        copyright: [
          { ...share, status: 'AUTHORIZED', copyAuthLocation: 'Lisbon, Portugal', copyAuthTimestamp: CREATED },
          { ...share2, status: 'AUTHORIZED', copyAuthLocation: 'Porto, Portugal', copyAuthTimestamp: CREATED },
        ],
        smartContract: { ...nft.smartContract, contractAddress: '0x8A791620dd6260079BF849Dc5567aDC3F2FdC318', status: 'DEPLOYED' },
        tokenId: 1,
        tokenOwner: WALLET,
        mintTransactionHash: TX,
        mintLogs: JSON.stringify({ blockNumber: 42, gasUsed: '98311', status: 'success' }),
        mintBlockedBy: null,
        chainTransaction: { ...chainFacts('mint'), transactions: chainFacts('mint').transactions.slice(0, 1), transactionHash: TX, receipt: { ...chainFacts('mint').receipt, transactionHash: TX } },
      },
      409: { error: 'The NFT cannot be minted yet.', details: ['copyright: shares await authorization by every holder'] },
      422: { error: 'The chain refused the mint: execution reverted.', details: ['chain: execution reverted'] },
      502: { error: 'The chain node could not be reached.', details: ['chain: connect ECONNREFUSED 127.0.0.1:8545'] },
    },
  },
  getWallet: {
    responses: {
      200: { address: WALLET, chain: 'local', chainId: 80002, balance: '0' },
      502: { error: 'The chain node could not be reached.', details: ['chain: connect ECONNREFUSED 127.0.0.1:8545'] },
    },
  },
  getNftCopyright: {
    responses: {
      200: {
        nftId: NFT_ID,
        copyrightStatus: 'AWAITING',
        round: 1,
        frozen: false,
        licence: {
          id: 'ALL-RIGHTS-RESERVED',
          name: 'All rights reserved',
          url: null,
          summary: 'The holders keep every right; nothing may be copied or reused without their permission.',
        },
        copyrightedAt: null,
        waitingFor: ['ben@example.com'],
        viewer: null,
        shares: [
          {
            shareId: share.id,
            userId: USER_ID,
            email: 'ana@example.com',
            userName: 'ana.lima',
            walletAddress: WALLET,
            percentage: 60,
            status: 'AUTHORIZED',
            copyAuthLocation: 'Lisbon, Portugal',
            copyAuthTimestamp: UPDATED,
            reason: null,
            memberStatus: 'ACTIVE',
            request: { id: 'e1f2a3b4-c5d6-4e7f-8a9b-0c1d2e3f4a5b', status: 'USED', lastSentAt: CREATED, expiresAt: '2026-12-06T10:00:00.000Z', expired: false, sendCount: 1 },
          },
          {
            shareId: share2.id,
            userId: share2.userId,
            email: 'ben@example.com',
            userName: 'ben.k',
            walletAddress: '0xde709f2102306220921060314715629080e2fb77',
            percentage: 40,
            status: 'PENDING',
            copyAuthLocation: null,
            copyAuthTimestamp: null,
            reason: null,
            memberStatus: 'ACTIVE',
            request: { id: 'f2a3b4c5-d6e7-4f8a-9b0c-1d2e3f4a5b6c', status: 'OPEN', lastSentAt: CREATED, expiresAt: '2026-12-06T10:00:00.000Z', expired: false, sendCount: 1 },
          },
        ],
        record: null,
        history: [
          {
            round: 1,
            userId: USER_ID,
            email: 'ana@example.com',
            percentage: 60,
            licence: 'ALL-RIGHTS-RESERVED',
            decision: 'AUTHORIZED',
            location: 'Lisbon, Portugal',
            reason: null,
            decidedAt: UPDATED,
            decidedVia: 'link',
          },
        ],
      },
      404: { error: 'NFT not found.', details: [] },
    },
  },
  resendCopyrightRequest: {
    responses: {
      200: { shareId: share2.id, requestId: 'a4b5c6d7-e8f9-4a0b-9c1d-2e3f4a5b6c7d', expiresAt: '2026-12-06T10:05:00.000Z', sendCount: 2 },
      409: { error: 'This share is already AUTHORIZED; edit the split to ask again.', details: ['share: AUTHORIZED'] },
    },
  },
  verifyNftCopyright: {
    responses: {
      200: {
        valid: true,
        signer: WALLET,
        cid: 'bafkreihdwdcefgh4dqkjv67uzcmw7ojee6xedzdetojuzjevtenxquvyku',
        cidMatches: true,
        checks: ['signature recovers the organization wallet', 'recordHash matches copyrightMetadata', 'CID matches the stored record'],
      },
    },
  },
  decideNftCopyright: {
    request: { decision: 'AUTHORIZE', location: 'Lisbon, Portugal' },
    responses: {
      200: { nftId: NFT_ID, decision: 'AUTHORIZED', copyrightStatus: 'AWAITING' },
      403: { error: 'API keys cannot answer for a holder; sign in to the console.', details: [] },
      404: { error: 'You hold no share of this NFT.', details: [] },
      409: { error: 'You have already answered for this share.', details: ['share: already decided'] },
    },
  },
  listAuditEvents: {
    responses: {
      200: page(
        [
          {
            id: 'c7d8e9f0-a1b2-4c3d-8e4f-5a6b7c8d9e0f',
            action: 'nft.create',
            actionLabel: 'Created an NFT',
            entityType: 'nft',
            entityTypeLabel: 'NFT',
            entityId: NFT_ID,
            entityLabel: 'Sunrise',
            href: `/nfts/${NFT_ID}`,
            actor: { type: 'api_key', id: 'd8e9f0a1-b2c3-4d4e-8f5a-6b7c8d9e0f1a', label: 'API key Backoffice (cl2c_a_3kX9…)' },
            requestId: '3f2c1c1e-8b0e-4a51-9f5e-2d7f3f1e9a10',
            createdAt: CREATED,
          },
        ],
        { search: null, actor: null, action: null, entityType: 'nft', entityId: null, from: '2026-11-01', to: '2026-11-30', sortBy: 'createdAt', sortOrder: 'desc' },
      ),
    },
  },
  listAuditActors: {
    responses: {
      200: {
        data: [
          { type: 'user', id: USER_ID, label: 'admin@acme.example' },
          { type: 'api_key', id: 'd8e9f0a1-b2c3-4d4e-8f5a-6b7c8d9e0f1a', label: 'API key Backoffice (cl2c_a_3kX9…)' },
        ],
      },
    },
  },
  getAuditEvent: {
    responses: {
      200: { ...auditDecision, data: { shareId: '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d', copyAuthLocation: 'Lisbon, Portugal', reason: 'The split is not what we agreed', via: 'link' }, transactionHash: null },
      404: { error: 'Event not found.', details: [] },
    },
  },
  listAuditUpdates: { responses: { 200: { cursor: '1795608000000~e9f0a1b2-c3d4-4e5f-8a6b-7c8d9e0f1a2b', data: [auditDecision] } } },
  exportAuditEvents: { responses: { 200: 'id,createdAt,action,actionLabel,entityType,entityId,entityLabel,actorType,actorId,actor,requestId,data\r\n' } },
  exportContracts: { responses: { 200: 'id,name,symbol,description,network,env,status,contractAddress,deploymentTransactionHash,totalNFTs,deployedAt,createdAt\r\n' } },
  exportNfts: { responses: { 200: 'id,name,description,status,copyrightStatus,tokenId,supply,contractId,contractName,contractSymbol,licence,imagePath,externalUrl,mintedAt,createdAt\r\n' } },
  exportMembers: { responses: { 200: 'id,kind,email,name,userName,status,role,walletAddress,totalNFTs,invitationSendCount,invitationExpiresAt,invitationExpired,createdAt\r\n' } },
  getContract: { responses: { 200: { ...contract, totalNFTs: 0, chainTransaction: null }, 404: { error: 'Smart contract not found.', details: [] } } },
  getTransfer: { responses: { 200: transferDetailExample, 404: { error: 'Token transfer not found.', details: [] } } },
  cancelTransfer: {
    responses: {
      200: {
        ...transferDetailExample,
        status: 'SUBMITTED',
        state: 'sent',
        success: true,
        transactionHash: TX2,
        chainTransaction: {
          ...chainFacts('transfer'),
          status: 'SUBMITTED',
          state: 'sent',
          pending: true,
          confirmed: false,
          receipt: null,
          cancelRequestedAt: UPDATED,
          transactions: [chainFacts('transfer').transactions[0], { ...chainFacts('transfer').transactions[1], purpose: 'cancel' }],
          history: [...chainFacts('transfer').history.slice(0, 3), { status: 'SUBMITTED', transactionHash: TX, detail: 'cancel requested', at: UPDATED }, { status: 'SUBMITTED', transactionHash: TX2, detail: 'cancel signed: zero-value self-transfer at nonce 7', at: UPDATED }],
        },
      },
      409: { error: 'Only a send that is sent but not yet mined can be cancelled.', details: ['status: the send is mined_success (0x5c504ed432cb51138bcf09aa5e8a410dd4a1e204ef84bfed1be16dfba1b22060)'] },
    },
  },
  getConsoleContract: { responses: { 200: contract, 404: { error: 'Smart contract not found.', details: [] } } },
  listTransfers: {
    responses: {
      200: page(
        [
          {
            id: tokenResult.transferId,
            memberId: MEMBER_ID,
            memberEmail: 'ana@example.com',
            memberName: 'Ana Lima',
            toAddress: WALLET,
            amount: '1.5',
            tokenType: 'mainnet',
            transactionHash: TX,
            status: 'SIGNED',
            state: 'signed',
            broadcast: false,
            chain: 'local',
            error: null,
            createdAt: CREATED,
            updatedAt: CREATED,
          },
        ],
        { search: null, status: null, tokenType: null, sortBy: 'createdAt', sortOrder: 'desc' },
      ),
    },
  },
  listWebhooks: { responses: { 200: { data: [webhookEndpoint] } } },
  createWebhook: {
    request: { url: 'https://hooks.example.com/cl2c', description: 'Order system', eventTypes: ['nft.minted', 'transfer.confirmed'] },
    responses: { 201: { endpoint: webhookEndpoint, secret: WEBHOOK_SECRET } },
  },
  getWebhook: { responses: { 200: webhookEndpoint } },
  updateWebhook: {
    request: { status: 'DISABLED' },
    responses: { 200: { ...webhookEndpoint, status: 'DISABLED', disabledReason: 'disabled by an administrator' } },
  },
  deleteWebhook: { responses: { 200: { message: 'Webhook endpoint https://hooks.example.com/cl2c deleted.' } } },
  rotateWebhookSecret: {
    responses: { 200: { endpoint: { ...webhookEndpoint, secretPrefix: 'whsec_Q2xMn4', previousSecretExpiresAt: '2026-11-23T10:05:00.000Z' }, secret: 'whsec_Q2xMn4pL9sT7vR1wK8yZ3bN6cF0hJ5dA2eG4iU7oX1m=' } },
  },
  testWebhook: { responses: { 200: { eventId: WEBHOOK_EVENT, deliveryId: '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d' } } },
  listWebhookDeliveries: {
    responses: {
      200: page(
        [
          {
            id: '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d',
            eventId: WEBHOOK_EVENT,
            eventType: 'nft.minted',
            resourceType: 'nft',
            resourceId: NFT_ID,
            sequence: 1,
            status: 'SUCCEEDED',
            attempts: 2,
            nextAttemptAt: null,
            lastStatusCode: 200,
            lastError: null,
            deliveredAt: UPDATED,
            replay: false,
            createdAt: CREATED,
            attemptLog: [
              { number: 1, outcome: 'FAILED', statusCode: 500, latencyMs: 41, responseExcerpt: 'Internal Server Error', error: 'HTTP 500', startedAt: CREATED, finishedAt: CREATED },
              { number: 2, outcome: 'SUCCEEDED', statusCode: 200, latencyMs: 38, responseExcerpt: 'ok', error: null, startedAt: UPDATED, finishedAt: UPDATED },
            ],
          },
        ],
        { status: null },
      ),
    },
  },
  replayWebhook: { request: { since: CREATED }, responses: { 200: { replayed: 1, eventIds: [WEBHOOK_EVENT] } } },
};

const bNftCommon = {
  id: NFT_ID,
  name: 'Sunrise',
  description: 'Sunrise over the harbour, 1 of 1',
  externalUrl: 'https://example.com/art/sunrise',
  imagePath: IMAGE,
  status: 'MINTED',
  supply: 1,
  minted: true,
  mintedAt: UPDATED,
  mintTransactionHash: TX,
  mintLogs: null,
  tokenId: 1,
  tokenUri: METADATA_URI,
  tokenOwner: WALLET,
  copyrighted: false,
  copyrightMetadata: null,
  copyrightedAt: null,
  licence: null,
  signature: null,
  createdAt: CREATED,
  updatedAt: UPDATED,
};
const userList = {
  id: USER_ID,
  userName: 'ana.lima',
  firstName: 'Ana',
  lastName: 'Lima',
  email: 'ana@example.com',
  emailConfirmed: true,
  authenticated: false,
  phoneNumber: '+15551234567',
  walletAddress: WALLET,
};
const profile = { ...userList, authValidUpto: null, authLocation: null };
const errorResult = (status: number, message: string, source: string) => ({
  messages: [message],
  source,
  exception: message,
  errorId: '0e9d8c7b-6a5f-4e3d-8c2b-1a0f9e8d7c6b',
  supportMessage: 'Provide the errorId 0e9d8c7b-6a5f-4e3d-8c2b-1a0f9e8d7c6b to the support team for further analysis.',
  statusCode: status,
});

export const familyBExamples: Record<string, OperationExamples> = {
  searchNfts: {
    request: {
      keyword: 'sun',
      advancedFilter: {
        logic: 'and',
        filters: [
          { field: 'minted', operator: 'eq', value: 'true' },
          {
            logic: 'or',
            filters: [
              { field: 'supply', operator: 'gte', value: '1' },
              { field: 'smartContractName', operator: 'startswith', value: 'genesis' },
            ],
          },
        ],
      },
      orderBy: ['name', 'mintedAt desc'],
      pageNumber: 1,
      pageSize: 10,
    },
    responses: {
      200: {
        data: [{ ...bNftCommon, smartContractId: CONTRACT_ID, smartContractName: 'Genesis Collection' }],
        currentPage: 1,
        totalPages: 1,
        totalCount: 1,
        pageSize: 10,
        hasPreviousPage: false,
        hasNextPage: false,
      },
      400: {
        type: 'https://tools.ietf.org/html/rfc7231#section-6.5.1',
        title: 'One or more validation errors occurred.',
        status: 400,
        detail: 'The request body is invalid.',
        instance: '/v1/cl2c/nfts/search',
        errors: { 'advancedFilter.filters[0].operator': ['unknown operator "like"; use one of eq, neq, lt, lte, gt, gte, contains, startswith, endswith'] },
        traceId: '3f2c1c1e-8b0e-4a51-9f5e-2d7f3f1e9a10',
      },
    },
  },
  getNft: {
    responses: {
      200: {
        ...bNftCommon,
        smartContract: {
          id: CONTRACT_ID,
          name: 'Genesis Collection',
          symbol: 'GEN',
          network: 'POLYGON',
          deployed: true,
          deploymentTransactionHash: TX,
          deploymentLogs: null,
          contractAddress: WALLET,
          creatorAddress: WALLET,
          totalSupply: 3,
          description: 'First editions of the 2026 catalogue',
        },
      },
      404: errorResult(404, 'NFT not found.', 'GetNft'),
    },
  },
  listUsers: { responses: { 200: [userList] } },
  getUser: { responses: { 200: profile, 404: errorResult(404, 'User not found.', 'GetUser') } },
  createUser: {
    request: { firstName: 'Ana', lastName: 'Lima', email: 'ana@example.com', userName: 'ana.lima', phoneNumber: '+15551234567' },
    responses: { 200: { ...profile, authenticated: false }, 409: errorResult(409, 'A user with this e-mail already exists.', 'CreateUser') },
  },
  updateCurrentUser: {
    request: { id: USER_ID, firstName: 'Ana', lastName: 'Lima-Souza', phoneNumber: '+15551234567', pushToken: 'fcm:dY3kP0q-example' },
    responses: { 200: { ...profile, lastName: 'Lima-Souza' } },
  },
};
