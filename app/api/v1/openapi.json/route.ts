import { familyADocument } from '@/lib/api-docs/family-a';

let cached: string | undefined;

export function GET() {
  cached ??= JSON.stringify(familyADocument());
  return new Response(cached, { headers: { 'content-type': 'application/json', 'cache-control': 'no-cache' } });
}
