import { verifyTypedData } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { describe, expect, it } from 'vitest';
import { organizationAccountIn } from '@/lib/chain';
import { getStore } from '@/lib/storage/current';
import { createTestOrg } from '@/test/helpers';
import { canonicalJson, copyrightTypedData, signCopyrightRecord, verifyCopyrightRecord, type CopyrightRecord } from './record';

function sampleRecord(signer: string): CopyrightRecord {
  return {
    schema: 'cl2c.copyright-record/1',
    organization: { id: 'org-1', name: 'Acme', signer },
    nft: { id: '6f0c2d7e-3b8a-4c1e-9f0a-1d2e3f4a5b6c', name: 'Sunrise', description: 'Over the harbour', imagePath: 'ipfs://bafkreiabc' },
    contract: { id: 'c-1', name: 'Genesis', symbol: 'GEN', network: 'POLYGON', env: 'TESTNET', address: null },
    licence: { id: 'CC-BY-4.0', name: 'Creative Commons Attribution 4.0 International', url: 'https://creativecommons.org/licenses/by/4.0/' },
    round: 2,
    holders: [
      {
        userId: 'u-1',
        userName: 'ana.lopes',
        walletAddress: '0x52908400098527886E0F7030069857D2E4169EE7',
        percentage: 60.5,
        decision: 'AUTHORIZED',
        location: 'Lisbon, Portugal',
        decidedAt: '2026-11-22T10:00:00.000Z',
      },
      {
        userId: 'u-2',
        userName: null,
        walletAddress: null,
        percentage: 39.5,
        decision: 'AUTHORIZED',
        location: 'Zürich, Schweiz',
        decidedAt: '2026-11-22T11:00:00.000Z',
      },
    ],
    copyrightedAt: '2026-11-22T11:00:00.000Z',
  };
}

describe('canonical JSON', () => {
  it('sorts keys recursively and has no whitespace, so equal records give equal bytes', () => {
    expect(canonicalJson({ b: 1, a: { d: [{ z: 1, y: 2 }], c: null } })).toBe('{"a":{"c":null,"d":[{"y":2,"z":1}]},"b":1}');
    const r = sampleRecord('0x0000000000000000000000000000000000000001');
    const shuffled = Object.fromEntries(Object.entries(r).reverse());
    expect(canonicalJson(shuffled)).toBe(canonicalJson(r));
  });
});

describe('EIP-712 signature of the record', () => {
  it("verifies with viem's verifyTypedData against the organization's wallet, and fails after any byte changes", async () => {
    const org = await createTestOrg();
    const account = (await organizationAccountIn(await getStore(), org.organization.id))!;
    const json = canonicalJson(sampleRecord(account.address));
    const signature = await signCopyrightRecord(account, json);

    expect(await verifyTypedData({ address: account.address, ...copyrightTypedData(json), signature })).toBe(true);
    // Another wallet did not sign it.
    const stranger = privateKeyToAccount(generatePrivateKey()).address;
    expect(await verifyTypedData({ address: stranger, ...copyrightTypedData(json), signature })).toBe(false);

    // Every single-byte change of the record's text breaks verification: either the text is no
    // longer a record (so there is nothing to verify) or the typed data no longer matches.
    const bytes = Buffer.from(json, 'utf8');
    let verifiedMutations = 0;
    for (let i = 0; i < bytes.length; i++) {
      const mutated = Buffer.from(bytes);
      mutated[i] = mutated[i] === 0x30 ? 0x31 : 0x30; // '0' ↔ anything else → '0'
      const text = mutated.toString('utf8');
      let typed: ReturnType<typeof copyrightTypedData>;
      try {
        typed = copyrightTypedData(text);
      } catch {
        continue;
      }
      verifiedMutations += 1;
      const ok = await verifyTypedData({ address: account.address, ...typed, signature }).catch(() => false);
      expect(ok, `byte ${i} changed ('${json[i]}' → '${text[i]}')`).toBe(false);
    }
    // Most mutations keep valid JSON (inside strings), so the loop really verified them.
    expect(verifiedMutations).toBeGreaterThan(bytes.length / 2);
  });

  it('the domain names the record and the chain of the contract', () => {
    const json = canonicalJson(sampleRecord('0x0000000000000000000000000000000000000001'));
    const typed = copyrightTypedData(json);
    expect(typed.domain).toEqual({ name: 'CL2C Copyright Record', version: '1', chainId: 80002 });
    expect(typed.primaryType).toBe('CopyrightRecord');
    expect(typed.message.holders.map((h) => h.basisPoints)).toEqual([6050, 3950]);
    const mainnet = JSON.parse(json) as CopyrightRecord;
    mainnet.contract.env = 'MAINNET';
    expect(copyrightTypedData(JSON.stringify(mainnet)).domain.chainId).toBe(137);
  });
});

describe('record versions: the EIP-712 domain', () => {
  it('v2 signs under the collection’s chain id and address (verifyingContract); v1 records keep verifying under their own domain', async () => {
    const org = await createTestOrg();
    const account = (await organizationAccountIn(await getStore(), org.organization.id))!;
    const collection = '0x5FbDB2315678afecb367f032d93F642f64180aa3';
    const v2: CopyrightRecord = {
      ...sampleRecord(account.address),
      schema: 'cl2c.copyright-record/2',
      contract: { id: 'c-1', name: 'Genesis', symbol: 'GEN', network: 'POLYGON', env: 'TESTNET', address: collection, chainId: 31337 },
    };
    const json = canonicalJson(v2);
    const typed = copyrightTypedData(json);
    expect(typed.domain).toEqual({ name: 'CL2C Copyright Record', version: '2', chainId: 31337, verifyingContract: collection });
    const signature = await signCopyrightRecord(account, json);
    expect(await verifyCopyrightRecord(json, signature, account.address)).toBe(true);
    // The same message under another chain or another contract is not this signature.
    expect(await verifyTypedData({ address: account.address, ...typed, domain: { ...typed.domain, chainId: 80002 }, signature })).toBe(false);
    expect(
      await verifyTypedData({ address: account.address, ...typed, domain: { ...typed.domain, verifyingContract: '0x0000000000000000000000000000000000000001' }, signature }),
    ).toBe(false);

    // A record signed before versioning (schema /1) verifies with the domain it was signed under.
    const v1 = canonicalJson(sampleRecord(account.address));
    const v1Signature = await account.signTypedData({
      domain: { name: 'CL2C Copyright Record', version: '1', chainId: 80002 },
      types: copyrightTypedData(v1).types,
      primaryType: 'CopyrightRecord',
      message: copyrightTypedData(v1).message,
    });
    expect(copyrightTypedData(v1).domain).toEqual({ name: 'CL2C Copyright Record', version: '1', chainId: 80002 });
    expect(await verifyCopyrightRecord(v1, v1Signature, account.address)).toBe(true);
  });
});
