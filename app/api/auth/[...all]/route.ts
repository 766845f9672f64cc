import { toNextJsHandler } from 'better-auth/next-js';
import { getAuth } from '@/lib/auth/server';
import { guardAuthRequest } from '@/lib/auth/sign-in-route';

export const GET = (req: Request) => guardAuthRequest(req, (r) => toNextJsHandler(getAuth()).GET(r));
export const POST = (req: Request) => guardAuthRequest(req, (r) => toNextJsHandler(getAuth()).POST(r));
