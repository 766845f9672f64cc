'use client';

import { createAuthClient } from 'better-auth/react';

/** Better Auth in the browser; same origin, so no base URL is configured. */
export const authClient = createAuthClient();
