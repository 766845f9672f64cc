/** The two engines (issue 28, docs/architecture.md); the transaction interface is `Store` (lib/storage/store.ts). */
export type EngineKind = 'sqlite' | 'postgres';
