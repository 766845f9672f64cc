import { familyBDocument } from '@/lib/api-docs/family-b';

let cached: string | undefined;

export function GET() {
  cached ??= JSON.stringify(familyBDocument());
  return new Response(cached, { headers: { 'content-type': 'application/json', 'cache-control': 'no-cache' } });
}
