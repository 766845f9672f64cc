import { toNextJsHandler } from 'better-auth/next-js';
import { getAuth } from '@/lib/auth/server';
import { guardAuthRequest } from '@/lib/http/sign-in-route';
import { withHsts } from '@/lib/http/response-headers';

export const GET = async (req: Request) => withHsts(await guardAuthRequest(req, async (r) => toNextJsHandler(await getAuth()).GET(r)));
export const POST = async (req: Request) => withHsts(await guardAuthRequest(req, async (r) => toNextJsHandler(await getAuth()).POST(r)));
