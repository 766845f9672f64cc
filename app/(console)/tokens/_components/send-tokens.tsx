'use client';

import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { RecipientPicker } from '@/components/console/member-picker';
import { StatusBadge } from '@/components/console/status-badge';
import { Button } from '@/components/ui/button';
import { Card, CardBody, CardHeader } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { lazyZodResolver } from '@/components/ui/lazy-zod-resolver';
import { useFormMutation } from '@/components/ui/use-form-mutation';
import { ApiError, apiFetch, errorMessage } from '@/lib/http/client';
import type { WalletView } from '@/lib/chain/wallet';
import type { SendTokensBody, SendTokensInput, SendTokensResponse } from '@/lib/tokens/schemas';
import { sendRefusal } from './balance-check';
import { tokenKeys, type MemberOption } from './token-keys';

/** The API's own schema, loaded when the form first validates (keeps zod out of the first load). */
const sendTokensBodyResolver = lazyZodResolver<SendTokensInput, SendTokensBody>(() =>
  import('@/lib/tokens/schemas').then((m) => m.sendTokensBody),
);

type Pending = { values: SendTokensBody; member: MemberOption; idempotencyKey: string };
type Sent = SendTokensResponse & { member: MemberOption; amount: string };

const tokenTypeOptions = [
  { value: 'mainnet', label: 'mainnet — native token' },
  { value: 'faucet', label: 'faucet — test token' },
] as const;

/** Send form → confirmation → result, for A14 (POST /api/v1/cl2c/token). */
export function SendTokens() {
  const queryClient = useQueryClient();
  const [chosen, setChosen] = useState<MemberOption | null>(null);
  const [pending, setPending] = useState<Pending | null>(null);
  const [confirmError, setConfirmError] = useState<string | null>(null);
  const [sent, setSent] = useState<Sent | null>(null);

  // The same query as the wallet card: the confirmation shows the balance it is judged against.
  const wallet = useQuery({
    queryKey: ['wallet'],
    queryFn: ({ signal }) => apiFetch<WalletView>('/api/v1/cl2c/wallet', { signal }),
    refetchInterval: 15_000,
  });
  const refusal = pending ? sendRefusal(wallet.data, pending.values.amount, pending.values.tokenType) : null;

  const form = useForm<SendTokensInput, unknown, SendTokensBody>({
    resolver: sendTokensBodyResolver,
    defaultValues: { memberId: '', tokenType: 'mainnet' },
  });
  const { register, control, handleSubmit, formState, setError, reset } = form;

  const send = useFormMutation({
    mutationFn: (p: Pending) =>
      apiFetch<SendTokensResponse>('/api/v1/cl2c/token', {
        method: 'POST',
        // The schema's output is the decimal string of the typed number; it reads back exactly.
        body: { memberId: p.values.memberId, amount: Number(p.values.amount), tokenType: p.values.tokenType },
        // One key per confirmation: a retried or double-submitted confirmation cannot send twice.
        headers: { 'Idempotency-Key': p.idempotencyKey },
      }),
    success: (response) => (response.broadcast ? 'Tokens sent.' : 'Transfer signed (not broadcast).'),
    invalidate: [tokenKeys.all],
    onSuccess: (response, p) => {
      setSent({ ...response, member: p.member, amount: p.values.amount });
      setPending(null);
      setConfirmError(null);
      // Amount cleared too: a second send starts from an empty form, not a repeat of the last.
      reset({ memberId: '', tokenType: p.values.tokenType, amount: '' as unknown as number });
      setChosen(null);
      void queryClient.invalidateQueries({ queryKey: ['wallet'] });
    },
    setError,
    fields: ['memberId', 'amount', 'tokenType'],
    onError: (error, _p, fieldsApplied) => {
      if (fieldsApplied) {
        setPending(null);
        return;
      }
      const message = errorMessage(error);
      setConfirmError(error instanceof ApiError && error.details.length ? `${message} (${error.details.join('; ')})` : message);
      // A failed transfer is recorded; show it in the history.
      void queryClient.invalidateQueries({ queryKey: tokenKeys.all });
    },
  });

  const onSubmit = handleSubmit((values) => {
    const member = chosen?.id === values.memberId ? chosen : null;
    if (!member) {
      setError('memberId', { type: 'manual', message: 'choose a member' });
      return;
    }
    setSent(null);
    setConfirmError(null);
    setPending({ values, member, idempotencyKey: crypto.randomUUID() });
  });

  const memberHint = chosen?.walletAddress ? (
    <>
      Wallet: <span className="font-mono break-all">{chosen.walletAddress}</span>
    </>
  ) : (
    'Type to search by e-mail or name; only active members with a wallet are listed.'
  );

  return (
    <Card>
      <CardHeader title="Send tokens" description="Choose a member, an amount and a token type; you confirm before anything is signed." />
      <CardBody>
        <form onSubmit={(e) => void onSubmit(e)} noValidate className="grid gap-4 md:grid-cols-2">
          <Controller
            control={control}
            name="memberId"
            render={({ field }) => (
              <FormField label="Member" required error={formState.errors.memberId?.message} hint={memberHint} className="md:col-span-2">
                {(p) => (
                  <RecipientPicker
                    {...p}
                    placeholder="Search members…"
                    value={chosen && chosen.id === field.value ? chosen : null}
                    onChange={(m) => {
                      setChosen(m);
                      field.onChange(m?.id ?? '');
                    }}
                  />
                )}
              </FormField>
            )}
          />
          <FormField label="Amount" required error={formState.errors.amount?.message} hint="Greater than 0, at most 18 decimal places.">
            {(p) => (
              <Input
                {...p}
                type="text"
                inputMode="decimal"
                autoComplete="off"
                placeholder="1.5"
                {...register('amount', { setValueAs: (v: string) => (v.trim() === '' ? undefined : Number(v.trim())) })}
              />
            )}
          </FormField>
          <FormField label="Token type" required error={formState.errors.tokenType?.message}>
            {(p) => <Select {...p} {...register('tokenType')} options={tokenTypeOptions} />}
          </FormField>
          <div className="md:col-span-2">
            <Button type="submit" disabled={send.isPending}>
              Review transfer
            </Button>
          </div>
        </form>

        {sent && <SendResult sent={sent} onDismiss={() => setSent(null)} />}
      </CardBody>

      <ConfirmDialog
        open={pending !== null}
        onOpenChange={(open) => {
          if (!open && !send.isPending) {
            setPending(null);
            setConfirmError(null);
          }
        }}
        title="Confirm token send"
        destructive={false}
        confirmLabel="Send tokens"
        cancelLabel="Back"
        pending={send.isPending}
        error={refusal ?? confirmError}
        confirmDisabled={refusal !== null || wallet.isPending}
        onConfirm={() => pending && !refusal && send.mutate(pending)}
        description={
          pending && (
            <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
              <dt className="text-slate-500">Member</dt>
              <dd className="font-medium text-slate-900">{pending.member.email}</dd>
              <dt className="text-slate-500">Wallet</dt>
              <dd className="font-mono text-xs break-all text-slate-900">{pending.member.walletAddress}</dd>
              <dt className="text-slate-500">Amount</dt>
              <dd className="font-medium text-slate-900" data-testid="confirm-amount">
                {pending.values.amount} {pending.values.tokenType}
              </dd>
              <dt className="text-slate-500">Wallet balance</dt>
              <dd className="text-slate-900" data-testid="confirm-balance">
                {wallet.isError ? (
                  <span className="text-red-700">could not be read: {errorMessage(wallet.error)}</span>
                ) : wallet.data ? (
                  <>
                    <span className="font-mono tabular-nums">{wallet.data.balance}</span> (native)
                    {wallet.data.chain === 'local' && (
                      <span className="block text-xs text-slate-600">Embedded chain: nothing is broadcast, so the balance is not spent.</span>
                    )}
                    {wallet.data.chain === 'evm' && pending.values.tokenType === 'faucet' && (
                      <span className="block text-xs text-slate-600">Pays the network fee; the faucet token balance is checked by the network.</span>
                    )}
                  </>
                ) : (
                  '…'
                )}
              </dd>
            </dl>
          )
        }
      />
    </Card>
  );
}

function SendResult({ sent, onDismiss }: { sent: Sent; onDismiss: () => void }) {
  return (
    <section aria-labelledby="send-result-heading" className="mt-6 space-y-3 rounded-md border border-slate-200 bg-slate-50 p-4" data-testid="send-result">
      <div className="flex items-center justify-between gap-2">
        <h3 id="send-result-heading" className="text-sm font-semibold text-slate-900">
          {sent.broadcast ? 'Transfer sent' : 'Transfer signed'}
        </h3>
        <StatusBadge status={sent.status} />
      </div>
      {!sent.broadcast && (
        <p role="status" className="rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900">
          <strong>Signed locally, not broadcast.</strong> The transaction was signed with the organization’s development key but
          was not sent to any network, so no tokens have moved on chain.
        </p>
      )}
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
        <dt className="text-slate-500">Transaction hash</dt>
        <dd className="font-mono text-xs break-all text-slate-900" data-testid="result-hash">
          {sent.transactionHash}
        </dd>
        <dt className="text-slate-500">Amount</dt>
        <dd className="text-slate-900">
          {sent.amount} {sent.tokenType}
        </dd>
        <dt className="text-slate-500">To</dt>
        <dd className="text-slate-900">
          {sent.member.email} <span className="font-mono text-xs break-all text-slate-600">{sent.member.walletAddress}</span>
        </dd>
      </dl>
      <p className="text-xs text-slate-500">{sent.note}</p>
      <Button variant="secondary" size="sm" onClick={onDismiss}>
        Dismiss
      </Button>
    </section>
  );
}
