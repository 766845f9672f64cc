'use client';

import dynamic from 'next/dynamic';
import { useQuery } from '@tanstack/react-query';
import Link from 'next/link';
import { useState, type ReactNode } from 'react';
import { StatusBadge } from '@/components/console/status-badge';
import { Button } from '@/components/ui/button';
import { Card, CardBody, CardHeader } from '@/components/ui/card';
import { Dialog } from '@/components/ui/dialog';
import { PageHeader } from '@/components/ui/page-header';
import { Skeleton } from '@/components/ui/skeleton';
import { ApiError, errorMessage } from '@/lib/http/client';
import type { Explorers } from '@/lib/shared/explorer';
import { DeleteNftButton } from './delete-nft-button';
import { cidOf, fetchNft, fetchNftMetadata, gatewayUrl, nftKeys, type NftDetail as Detail } from './api';
import { CopyrightStatus } from './copyright-status';
import { NftChainCard, NftMintAction } from './nft-mint-action';
import { NftThumbnail } from './nft-thumbnail';
import { DateTime } from '@/components/console/date-time';

// The edit forms (react-hook-form) load after the page, not in its first load.
const NftEditForm = dynamic(() => import('./nft-edit-form').then((m) => m.NftEditForm), { ssr: false });
const NftStatusForm = dynamic(() => import('./nft-status-form').then((m) => m.NftStatusForm), { ssr: false });

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid grid-cols-[9rem_1fr] gap-2 py-1.5 text-sm">
      <dt className="text-slate-500">{label}</dt>
      <dd className="min-w-0 break-all text-slate-900">{children ?? <span className="text-slate-400">—</span>}</dd>
    </div>
  );
}

function CidLink({ uri }: { uri: string | null }) {
  const cid = cidOf(uri);
  const href = gatewayUrl(uri);
  if (!uri) return <span className="text-slate-400">—</span>;
  if (!cid || !href) return <span className="font-mono text-xs">{uri}</span>;
  return (
    <a href={href} className="font-mono text-xs text-indigo-700 hover:underline" target="_blank" rel="noreferrer">
      {cid}
    </a>
  );
}


/** The console's NFT page: image, facts, CIDs, copyright holders with statuses, metadata JSON. */
export function NftDetail({ id, explorers }: { id: string; explorers?: Explorers }) {
  const [editing, setEditing] = useState(false);
  const [changingStatus, setChangingStatus] = useState(false);
  const nft = useQuery({
    queryKey: nftKeys.detail(id),
    queryFn: ({ signal }) => fetchNft(id, signal),
    // A mint in flight settles from its receipt: look again until it does.
    refetchInterval: (q) => (q.state.data?.status === 'PENDING' ? 2_000 : false),
  });
  const metadata = useQuery({ queryKey: nftKeys.metadata(id), queryFn: ({ signal }) => fetchNftMetadata(id, signal) });

  if (nft.isLoading) return <Skeleton className="h-64 w-full" />;
  if (nft.error || !nft.data) {
    const notFound = nft.error instanceof ApiError && nft.error.status === 404;
    return (
      <div role="alert" className="rounded-md border border-red-200 bg-red-50 p-4 text-sm text-red-800">
        {notFound ? 'This NFT does not exist in your organization.' : errorMessage(nft.error)}{' '}
        <Link href="/nfts" className="font-medium underline">
          Back to NFTs
        </Link>
      </div>
    );
  }
  const n: Detail = nft.data;
  return (
    <>
      <nav aria-label="Breadcrumb" className="mb-2 text-sm">
        <Link href="/nfts" className="text-indigo-700 underline underline-offset-2">
          NFTs
        </Link>{' '}
        / <span className="text-slate-600">{n.name}</span>
      </nav>
      <PageHeader
        title={n.name}
        description={n.description ?? undefined}
        actions={
          <>
            <StatusBadge status={n.status} />
            <NftMintAction nft={n} />
            <Button variant="secondary" onClick={() => setChangingStatus(true)}>
              Change status
            </Button>
            <Button onClick={() => setEditing(true)}>Edit</Button>
            <DeleteNftButton nft={n} />
          </>
        }
      />
      <div className="grid gap-6 lg:grid-cols-[auto_1fr]">
        <NftThumbnail imagePath={n.imagePath} name={n.name} size="lg" />
        <Card>
          <CardHeader title="Details" />
          <CardBody>
            <dl className="divide-y divide-slate-100">
              <Fact label="Contract">
                <Link href={`/contracts/${encodeURIComponent(n.smartContract.id)}`} className="text-indigo-700 hover:underline">
                  {n.smartContract.name} ({n.smartContract.symbol})
                </Link>{' '}
                <StatusBadge status={n.smartContract.status} />{' '}
                <span className="text-xs text-slate-600">
                  {n.smartContract.network} · {n.smartContract.env}
                </span>
              </Fact>
              <Fact label="Supply">
                <span data-testid="nft-supply">{n.supply}</span>
              </Fact>
              <Fact label="Minted at"><DateTime value={n.mintedAt} /></Fact>
              <Fact label="External URL">
                {n.externalUrl && (
                  <a href={n.externalUrl} className="text-indigo-700 hover:underline" target="_blank" rel="noreferrer noopener">
                    {n.externalUrl}
                  </a>
                )}
              </Fact>
              <Fact label="Image CID">
                <CidLink uri={n.imagePath} />
              </Fact>
              <Fact label="Metadata">
                {n.metadataUri?.startsWith('ipfs://') ? (
                  <CidLink uri={n.metadataUri} />
                ) : (
                  <span className="text-xs text-slate-600">traceability-only — served at {n.metadataUri}</span>
                )}
              </Fact>
              <Fact label="Token URI">{n.tokenUri && <span className="font-mono text-xs">{n.tokenUri}</span>}</Fact>
              <Fact label="Token id">{n.tokenId}</Fact>
              <Fact label="Created"><DateTime value={n.createdAt} /></Fact>
              <Fact label="Updated"><DateTime value={n.updatedAt} relative /></Fact>
            </dl>
          </CardBody>
        </Card>
      </div>

      <NftChainCard nft={n} explorers={explorers} />

      <CopyrightStatus nft={n} />

      <Card className="mt-6">
        <CardHeader title="Metadata JSON" description="ERC-721 / OpenSea shape, as published for this NFT." />
        <CardBody>
          {metadata.isLoading ? (
            <Skeleton className="h-24 w-full" />
          ) : metadata.error ? (
            <p role="alert" className="text-sm text-red-700">
              {errorMessage(metadata.error)}
            </p>
          ) : (
            <pre className="overflow-x-auto rounded-md bg-slate-900 p-4 text-xs text-slate-100" data-testid="metadata-json">
              {JSON.stringify(metadata.data, null, 2)}
            </pre>
          )}
        </CardBody>
      </Card>

      <Dialog open={editing} onOpenChange={setEditing} title="Edit NFT" size="lg">
        <NftEditForm nft={n} onDone={() => setEditing(false)} />
      </Dialog>
      <Dialog open={changingStatus} onOpenChange={setChangingStatus} title="Change status" size="sm">
        <NftStatusForm nft={n} onDone={() => setChangingStatus(false)} />
      </Dialog>
    </>
  );
}
