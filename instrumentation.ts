/** Next calls this once per server process before serving requests. */
export async function register() {
  if (process.env.NEXT_RUNTIME !== 'nodejs') return;
  const { onServerStart } = await import('./lib/startup');
  try {
    await onServerStart();
  } catch (error) {
    // An invalid environment must stop the server with a message naming the variable.
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  }
}
