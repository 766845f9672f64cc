import { describe, expect, it } from 'vitest';
import { ImageRefusedError } from './errors';
import { ingestImage } from './ingest';

const CID = 'bafkreifjjcie6lypi6ny7amxnfftagclbuxndqonfipmb64f2km2devei4';

async function stored(uri: string) {
  return ingestImage(uri);
}

describe('ipfs:// paths are normalised before they are stored', () => {
  it.each([
    [`ipfs://${CID}/a/./b/../c.png`, `ipfs://${CID}/a/c.png`],
    [`ipfs://${CID}//x//y`, `ipfs://${CID}/x/y`],
    [`ipfs://ipfs/${CID}/img.png?x=1#top`, `ipfs://${CID}/img.png`],
    [`ipfs://${CID}`, `ipfs://${CID}`],
  ])('%s → %s', async (input, expected) => {
    expect(await stored(input)).toEqual({ kind: 'ipfs', uri: expected });
  });

  it.each([`ipfs://${CID}/../../x`, `ipfs://${CID}/a/../../x`, `ipfs://${CID}/%2e%2e/x`, `ipfs://${CID}/a%2Fb`])(
    'refuses %s',
    async (input) => {
      await expect(stored(input)).rejects.toBeInstanceOf(ImageRefusedError);
    },
  );
});
