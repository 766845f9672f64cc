import type { AuditFilter } from '@/lib/storage/sqlite/lists/audit';
import { auditActionLabels, auditEntityTypeLabels } from './labels';

/** Action codes whose console name (or code) contains `term`, case-insensitively. */
function actionsMatching(term: string): string[] {
  const t = term.toLowerCase();
  return Object.entries(auditActionLabels)
    .filter(([code, label]) => code.includes(t) || label.toLowerCase().includes(t))
    .map(([code]) => code);
}

/**
 * An activity search as the engine's list module takes it: the term, the action codes whose console
 * name matches it, and the record types an id may name. What else it matches — the name of the
 * record an event is about, the e-mail or name of a person it is about or who did it, an exact
 * record id — the engine finds through its search indexes, never by reading every event.
 */
export function auditSearchTerms(term: string): NonNullable<AuditFilter['search']> {
  return { term, actions: actionsMatching(term), entityTypes: Object.keys(auditEntityTypeLabels) };
}
