/**
 * The test files that run a second time on PostgreSQL (vitest.config.ts, project "postgres"):
 * each one exercises only services already on the engine-neutral Store (docs/architecture.md,
 * "Services on the Store"). In that run every test file gets its own fresh PostgreSQL database as
 * DATABASE_URL (test/setup-env.ts), so `getStore()` and db/tables.ts are PostgreSQL's. A service
 * that moves to the Store brings its tests here; when every service has moved, this list becomes
 * the whole suite.
 */
export const onPostgres = [
  'lib/storage/store.test.ts',
  'lib/tenants/**/*.test.ts',
  'lib/api-keys/**/*.test.ts',
  'lib/storage/mail-queue.test.ts',
  'scripts/cli.test.ts',
  'lib/webhooks/service.test.ts',
  'lib/auth/sign-in.test.ts',
  'lib/auth/sign-in-guard.test.ts',
  'lib/http/rate-limit.test.ts',
  // NFTs and B1 search (lib/nfts, lib/nft-search): the brute-force comparison judges both engines.
  'lib/nft-search/search.property.test.ts',
  'app/v1/cl2c/nfts/search/route.test.ts',
  'lib/nfts/engines.test.ts',
  // Contracts, the audit log, the Outbox and the overview (lib/contracts, lib/audit, lib/mail/outbox.ts, lib/overview).
  'app/api/v1/cl2c/contract/route.test.ts',
  'lib/contracts/contracts.test.ts',
  'lib/audit/list.test.ts',
  'lib/audit/detail.test.ts',
  'lib/overview/service.test.ts',
  'app/api/v1/console/outbox/route.test.ts',
  // Members, invitations and registration (A9–A13, the invitation link).
  'lib/members/list.property.test.ts',
  'app/api/v1/cl2c/user/route.test.ts',
  'lib/invitations/csv-import.test.ts',
  'app/api/v1/console/invitations/check/route.test.ts',
  'lib/users/registration.test.ts',
  'lib/tenant-users/stream.test.ts',
  'app/v1/cl2c/user/route.test.ts',
  // Token sends (issue 28, chain helper): the history and one send's detail, read on the Store.
  'lib/tokens/history.test.ts',
  // Copyright (issue 28, copyright helper): splits, links, decisions, resend, the signed record, the
  // overview card. Its A6-without-holders/A7/mint parts (nft-status, mint) wait for lib/nfts/mint.ts.
  'lib/copyright/service.test.ts',
  'app/api/v1/cl2c/nft/[[]id]/copyright/route.test.ts',
  // The rest of the suite (issue 28, PostgreSQL suite helper): the demo seed, and each file that runs on the Store.
  'lib/seed/demo.test.ts',
  'lib/nfts/list-query.test.ts',
  'lib/http/family-b.test.ts',
  'lib/http/client.test.ts',
  'app/v1/cl2c/client.test.ts',
  'lib/members/wallet-secrets.test.ts',
  'lib/security/headers.test.ts',
  'test/api-contract.test.ts',
  'test/security/fuzz.test.ts',
  'lib/runtime.test.ts',
  'lib/http/family-a.test.ts',
  'lib/auth/schemas.test.ts',
  'lib/ops/readiness.test.ts',
  'app/api/console/api-keys/route.test.ts',
  'lib/export/export.test.ts',
  'test/security/control-chars.test.ts',
  'test/security/identity.test.ts',
  'test/security/identity.property.test.ts',
  'lib/mail/smtp.test.ts',
  'app/api/v1/cl2c/webhook/route.test.ts',
  'lib/auth/password-reset.test.ts',
  // …and the files that never touch the database, so that the postgres run is the whole suite but the engines' own tests.
  'components/**/*.test.ts',
  'app/(console)/tokens/_components/balance-check.test.ts',
  'lib/auth/next-path.test.ts',
  'lib/content-store/*.test.ts',
  'lib/env.test.ts',
  'lib/env-hardening.test.ts',
  'lib/errors.test.ts',
  'lib/http/peer.test.ts',
  'lib/http/trusted-proxies.test.ts',
  'lib/images/*.test.ts',
  'lib/mail/delivery-state.test.ts',
  'lib/openapi/*.test.ts',
  'lib/members/openapi.test.ts',
  'lib/ops/server-memory.test.ts',
  'lib/shared/*.test.ts',
  // The chain ledger's writes, the receipt worker, sends, deploy and mint (issues 28 + 29, chain helper).
  'lib/chain/local.test.ts',
  'lib/chain/outcome-once.test.ts',
  'lib/jobs/chain-worker.test.ts',
  'lib/nfts/mint-blocker.test.ts',
  'lib/chain/instances.test.ts',
  'lib/chain/evm.test.ts',
  'lib/chain/local-truth.test.ts',
  'scripts/chain-reconcile.test.ts',
  'app/api/v1/cl2c/token/route.test.ts',
  // Copyright's parts that waited for lib/nfts/mint.ts on the Store: A6 without holders, A7 (lib/copyright/mint.test.ts reads its mail through SQLite still).
  'lib/copyright/nft-status.test.ts',
  'app/api/v1/cl2c/nft/[[]id]/copyright/status.test.ts',
];
