'use client';

import { useState } from 'react';
import { CopyrightDecisionForm, type DecisionOutcome } from '@/components/copyright/decision-form';
import { apiFetch } from '@/lib/http/client';

/** The answer part of the public page: the form, then what was recorded. */
export function AuthorizationAnswer({ token }: { token: string }) {
  const [done, setDone] = useState<DecisionOutcome | null>(null);
  if (done) {
    return (
      <div role="status" className="space-y-2" data-testid="copyright-answered" data-decision={done.decision}>
        <p className="font-medium text-slate-900">
          {done.decision === 'AUTHORIZED' ? 'Thank you — your share is authorized.' : 'Your share is rejected. The organization sees your answer and reason.'}
        </p>
        {done.copyrightStatus === 'COPYRIGHTED' && (
          <p className="text-sm text-emerald-800">Every holder has now authorized: the split is copyrighted and its record signed.</p>
        )}
        <p className="text-sm text-slate-600">You can close this page; this link no longer works.</p>
      </div>
    );
  }
  return (
    <CopyrightDecisionForm
      submit={(body) => apiFetch<DecisionOutcome>(`/api/copyright/${encodeURIComponent(token)}`, { method: 'POST', body })}
      onDone={setDone}
    />
  );
}
