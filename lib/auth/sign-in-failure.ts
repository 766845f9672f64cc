/** The sign-in form's message for a failed attempt (kept free of zod: the login page loads it eagerly). */
export function signInFailureMessage(status: number, message: string | undefined): string {
  // 429: the server's message says how long to wait (address limit or account back-off).
  if (status === 429) {
    return message && /locked until|try again in/i.test(message) ? message : 'Too many attempts. Wait a minute, then try again.';
  }
  if (status === 401 || status === 400) return 'Wrong e-mail or password.';
  // 403: the account is valid but not an OWNER/ADMIN (the server's databaseHooks say why).
  if (status === 403) return message || 'This account may not use the console.';
  return message || 'Sign-in failed. Try again.';
}
