/** Next calls this once per server process before serving requests. */
export async function register() {
  if (process.env.NEXT_RUNTIME !== 'nodejs') return;
  const { startOrExit } = await import('./lib/startup');
  await startOrExit();
}
