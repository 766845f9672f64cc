import { createPublicClient, getContract, http, parseEther, type Address } from 'viem';
import type { Db } from '@/lib/storage/sqlite/client';
import { openAppDb } from '../app-db';
import { cL2CCollectionAbi, cL2CTokenAbi } from '@/chain/artifacts';
import { setPassword } from '@/lib/auth/passwords';
import { registerUserInOrganization } from '@/lib/users/registration';
import { pickOption } from '../combobox';
import { E2E_SERVER_ENV } from '../env';
import { holderDecides } from '../helpers';
import { expect, test } from '../fixtures';
import { readChainInfo } from './global-setup';
import { sqliteStore } from '@/lib/storage/sqlite/store';

// Members' custodial wallet keys are sealed under the server's AUTH_SECRET, as the app would do.
Object.assign(process.env, { AUTH_SECRET: E2E_SERVER_ENV.AUTH_SECRET, DATA_DIR: E2E_SERVER_ENV.DATA_DIR });

/** 1×1 PNG. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

const HOLDER_PASSWORD = 'holder password 1';
let db: Db | undefined;
function addMember(path: string, organizationId: string, label: string) {
  db ??= openAppDb(path);
  const email = `chain-${label}@example.test`;
  const r = db.transaction((tx) =>
    registerUserInOrganization(tx, organizationId, { email, firstName: 'Chain', lastName: label, userName: `chain_${label}` }),
  );
  return { email, password: HOLDER_PASSWORD, userId: r.user.id, membershipId: r.membershipId, walletAddress: r.walletAddress as Address };
}

test('deploy a contract, mint an NFT to MINTED with a token id, see shares wait until both holders authorize, then mint, send a faucet token — on a real node', async ({
  page,
  request,
  apiKey,
  databasePath,
  organizationId,
  unique,
}) => {
  const { rpcUrl, faucetToken } = readChainInfo();
  const chain = createPublicClient({ transport: http(rpcUrl) });
  const name = `Chain ${unique}`;

  // The wallet that pays, on the tokens page.
  await page.goto('/tokens');
  await expect(page.getByTestId('wallet-chain')).toContainText('chain id 31337');
  const wallet = (await page.getByTestId('wallet-address').textContent())!.trim() as Address;
  expect(wallet).toMatch(/^0x[0-9a-fA-F]{40}$/);
  await expect(page.getByTestId('wallet-balance')).not.toHaveText('0');

  // Create a contract in the console and deploy it.
  await page.goto('/contracts');
  await page.getByRole('button', { name: 'New contract' }).first().click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Name').fill(name);
  await dialog.getByLabel('Symbol').fill('CHN');
  await dialog.getByRole('button', { name: 'Create contract' }).click();
  await expect(dialog).toBeHidden();
  await page.getByLabel('Search Smart contracts').fill(unique);
  const row = page.getByRole('row', { name: new RegExp(name) });
  await expect(row.getByText('CREATED')).toBeVisible();

  // An NFT without shares made before the deployment stays CREATED (nothing to mint on yet).
  const list = await request.get('/api/v1/cl2c/contract', { headers: { 'x-api-key': apiKey }, params: { search: unique } });
  const contractId = ((await list.json()) as { data: { id: string }[] }).data[0]!.id;
  const early = await request.post('/api/v1/cl2c/nft', {
    headers: { 'x-api-key': apiKey },
    data: { name: `Early ${unique}`, smartContractId: contractId, imagePath: `data:image/png;base64,${PNG.toString('base64')}`, supply: 2 },
  });
  expect(early.status()).toBe(201);
  const earlyNft = (await early.json()) as { id: string; status: string };
  expect(earlyNft.status).toBe('CREATED');

  await row.getByRole('button', { name: `Deploy ${name}` }).click();
  // Deploying asks first, naming the network and env.
  await page.getByRole('dialog', { name: /^Deploy “.*” on POLYGON TESTNET\?$/ }).getByRole('button', { name: 'Deploy on TESTNET' }).click();
  await expect(page.getByText(/deployed at 0x/)).toBeVisible();
  await expect(row.getByText('DEPLOYED')).toBeVisible();
  const contract = (await (await request.get('/api/v1/cl2c/contract', { headers: { 'x-api-key': apiKey }, params: { search: unique } })).json()) as {
    data: { contractAddress: Address; creatorAddress: string }[];
  };
  const address = contract.data[0]!.contractAddress;
  expect(contract.data[0]!.creatorAddress).toBe(wallet);
  const collection = getContract({ address, abi: cL2CCollectionAbi, client: chain });
  expect(await collection.read.owner()).toBe(wallet);

  // Its page offers Mint; minting reaches MINTED with a token id that the chain agrees with.
  await page.goto(`/nfts/${earlyNft.id}`);
  await page.getByRole('button', { name: 'Mint', exact: true }).click();
  await page.getByRole('dialog', { name: `Mint “Early ${unique}” on POLYGON TESTNET?` }).getByRole('button', { name: 'Mint on TESTNET' }).click();
  await expect(page.getByRole('heading', { name: `Early ${unique}`, exact: true })).toBeVisible();
  await expect(page.getByTestId('token-id')).toHaveText('1');
  await expect(page.getByText('MINTED').first()).toBeVisible();
  await expect(page.getByTestId('mint-tx')).toHaveText(/^0x[0-9a-f]{64}$/);
  const minted = (await (await request.get(`/api/v1/cl2c/nft/${earlyNft.id}`, { headers: { 'x-api-key': apiKey } })).json()) as { tokenUri: string };
  expect(await collection.read.uri([1n])).toBe(minted.tokenUri);
  expect(await collection.read.balanceOf([wallet, 1n])).toBe(2n);
  await page.screenshot({ path: `.tmp/chain-nft-minted-${unique}.png`, fullPage: true });

  // An NFT with an image and two copyright holders waits for their authorization.
  const a = addMember(databasePath, organizationId, `a${unique}`);
  const b = addMember(databasePath, organizationId, `b${unique}`);
  const shared = await request.post('/api/v1/cl2c/nft', {
    headers: { 'x-api-key': apiKey },
    data: {
      name: `Shared ${unique}`,
      smartContractId: contractId,
      imagePath: `data:image/png;base64,${PNG.toString('base64')}`,
      copyright: [
        { userId: a.userId, percentage: 50 },
        { userId: b.userId, percentage: 50 },
      ],
    },
  });
  const sharedNft = (await shared.json()) as { id: string; status: string };
  expect(sharedNft.status).toBe('CREATED');
  await page.goto(`/nfts/${sharedNft.id}`);
  await expect(page.getByTestId('mint-blocked')).toHaveText('Waiting for copyright authorization');
  await expect(page.getByRole('button', { name: 'Mint', exact: true })).toHaveCount(0);
  const refused = await request.post(`/api/v1/cl2c/nft/${sharedNft.id}/mint`, { headers: { 'x-api-key': apiKey } });
  expect(refused.status()).toBe(409);

  // Both holders authorize from their mailed links: the split is copyrighted, signed, and minted
  // as token 2, whose on-chain metadata names the signed copyright record.
  for (const holder of [a, b]) {
    const outbox = await page.request.get('/api/v1/console/outbox', { params: { search: holder.email } });
    expect(outbox.status()).toBe(200);
    const mail = ((await outbox.json()) as { data: { links: string[] }[] }).data[0]!;
    const token = /\/copyright\/([A-Za-z0-9_-]{43})$/.exec(mail.links.find((l) => l.includes('/copyright/'))!)![1]!;
    // Only the holder's own session may decide (a link alone is not the person).
    await setPassword(sqliteStore(db!), holder.userId, holder.password);
    const answered = await holderDecides(page.url(), holder, token, { decision: 'AUTHORIZE', location: 'Porto, Portugal' });
    expect(answered.status()).toBe(200);
  }
  await expect
    .poll(async () => ((await (await request.get(`/api/v1/cl2c/nft/${sharedNft.id}`, { headers: { 'x-api-key': apiKey } })).json()) as { status: string }).status, {
      timeout: 30_000,
    })
    .toBe('MINTED');
  const sharedMinted = (await (await request.get(`/api/v1/cl2c/nft/${sharedNft.id}`, { headers: { 'x-api-key': apiKey } })).json()) as {
    tokenId: number;
    tokenUri: string;
    copyrightStatus: string;
  };
  expect(sharedMinted).toMatchObject({ tokenId: 2, copyrightStatus: 'COPYRIGHTED' });
  expect(await collection.read.uri([2n])).toBe(sharedMinted.tokenUri);
  const tokenMetadata = (await (await request.get(`/ipfs/${sharedMinted.tokenUri.replace('ipfs://', '')}`)).json()) as {
    properties?: { copyright?: { record?: string; signature?: string } };
  };
  expect(tokenMetadata.properties?.copyright?.record).toMatch(/^ipfs:\/\/b[a-z2-7]+$/);
  expect(tokenMetadata.properties?.copyright?.signature).toMatch(/^0x[0-9a-f]{130}$/);
  await page.goto(`/nfts/${sharedNft.id}`);
  await expect(page.getByTestId('token-id')).toHaveText('2');

  // Send a faucet token to a member: CONFIRMED from its receipt, and the ERC-20 balance moved.
  await page.goto('/tokens');
  await pickOption(page.getByRole('combobox', { name: /^Member/ }), a.email, new RegExp(a.email));
  await page.getByLabel('Amount').fill('3');
  await page.getByRole('combobox', { name: /^Token type/ }).selectOption('faucet');
  await page.getByRole('button', { name: 'Review transfer' }).click();
  const confirm = page.getByRole('dialog', { name: 'Confirm token send' });
  await confirm.getByRole('button', { name: 'Send tokens' }).click();
  await expect(confirm).toBeHidden();
  await page.getByLabel(/Search Token transfers/).fill(a.email);
  const transfer = page.getByRole('table', { name: 'Token transfers' }).getByRole('row', { name: new RegExp(a.email) });
  await expect(transfer.getByText('CONFIRMED')).toBeVisible();
  const token = getContract({ address: faucetToken, abi: cL2CTokenAbi, client: chain });
  expect(await token.read.balanceOf([a.walletAddress])).toBe(parseEther('3'));
  await page.screenshot({ path: `.tmp/chain-tokens-${unique}.png`, fullPage: true });
});

test('a transfer the chain refuses is a 422 with the reason, from the driver instrumentation started', async ({ request, apiKey, databasePath, organizationId, unique }) => {
  // The chain worker creates the process-wide driver at boot, in instrumentation's copy of the
  // modules; its errors must still map to their status in the route (lib/errors.ts AppError kinds).
  const member = addMember(databasePath, organizationId, `refused-${unique}`);
  const response = await request.post('/api/v1/cl2c/token', {
    headers: { 'x-api-key': apiKey },
    data: { memberId: member.membershipId, amount: 1_000_000_000_000, tokenType: 'faucet' },
  });
  const body = (await response.json()) as { error: string; details: string[] };
  expect(response.status(), JSON.stringify(body)).toBe(422);
  expect(body.error).toBe('The blockchain refused the transaction; nothing was sent.');
  expect(body.details.join('\n')).toMatch(/^transferId: /m);
});

for (const width of [1440, 390]) {
  test(`the send confirmation shows the balance and refuses, with the reason, a mainnet amount the wallet cannot cover (${width}px)`, async ({
    page,
    databasePath,
    organizationId,
    unique,
  }) => {
    await page.setViewportSize({ width, height: 900 });
    const member = addMember(databasePath, organizationId, `cover${width}-${unique}`);
    await page.goto('/tokens');
    await expect(page.getByTestId('wallet-balance')).not.toHaveText('…');
    const balance = (await page.getByTestId('wallet-balance').textContent())!.trim();
    expect(Number(balance)).toBeGreaterThan(0);
    await pickOption(page.getByRole('combobox', { name: /^Member/ }), member.email, new RegExp(member.email));
    await page.getByLabel('Amount').fill('1000000000');
    await page.getByRole('button', { name: 'Review transfer' }).click();
    const confirm = page.getByRole('dialog', { name: 'Confirm token send' });
    await expect(confirm.getByTestId('confirm-balance')).toContainText(`${balance} (native)`);
    await expect(confirm.getByRole('alert')).toContainText(`holds ${balance}: it cannot cover 1000000000 plus the network fee`);
    await expect(confirm.getByRole('button', { name: 'Send tokens' })).toBeDisabled();
    await confirm.getByRole('button', { name: 'Back' }).click();
    // Nothing was recorded for the member: the refusal happened before anything was signed.
    await page.getByLabel(/Search Token transfers/).fill(member.email);
    await expect(page.getByRole('table', { name: 'Token transfers' }).getByRole('row', { name: new RegExp(member.email) })).toHaveCount(0);

    // An amount it can cover is offered.
    await page.getByRole('button', { name: 'Review transfer' }).click();
    await expect(confirm.getByRole('button', { name: 'Send tokens' })).toBeDisabled();
    await confirm.getByRole('button', { name: 'Back' }).click();
    await page.getByLabel('Amount').fill('0.5');
    await page.getByRole('button', { name: 'Review transfer' }).click();
    await expect(confirm.getByRole('alert')).toHaveCount(0);
    await expect(confirm.getByRole('button', { name: 'Send tokens' })).toBeEnabled();
  });
}
