import { cn } from '@/components/ui/cn';
import { gatewayUrl } from './api';

/** Square thumbnail of an NFT image served from this app's /ipfs/ gateway (placeholder when none). */
export function NftThumbnail({ imagePath, name, size = 'sm' }: { imagePath: string | null; name: string; size?: 'sm' | 'lg' }) {
  const src = gatewayUrl(imagePath);
  const box = size === 'sm' ? 'h-10 w-10' : 'h-64 w-64';
  if (!src) {
    return (
      <div
        className={cn(box, 'flex items-center justify-center rounded-md border border-dashed border-slate-300 bg-slate-50 text-[10px] text-slate-600')}
        aria-label={`${name}: no image`}
        role="img"
      >
        no image
      </div>
    );
  }
  // eslint-disable-next-line @next/next/no-img-element -- our own immutable gateway; next/image adds nothing here
  return <img src={src} alt={name} className={cn(box, 'rounded-md border border-slate-200 bg-white object-cover')} loading="lazy" />;
}
