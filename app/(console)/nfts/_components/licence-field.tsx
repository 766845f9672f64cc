'use client';

import type { UseFormReturn } from 'react-hook-form';
import { FormField } from '@/components/ui/form-field';
import { Select } from '@/components/ui/select';
import { licenceIds, licences } from '@/lib/copyright/licences';
import type { CreateNftBody, CreateNftInput } from '@/lib/nfts/schemas';

const options = licenceIds.map((id) => ({ value: id, label: `${licences[id].name} (${id})` }));

/** The licence the copyright holders are asked to agree to (a closed list, stored by identifier). */
export function LicenceField({ form }: { form: UseFormReturn<CreateNftInput, unknown, CreateNftBody> }) {
  return (
    <FormField
      label="Licence"
      hint="The holders agree to this licence when they authorize their shares. Changing it later asks every holder again."
      error={form.formState.errors.licence?.message}
    >
      {(p) => (
        <Select
          {...p}
          placeholder="Default: all rights reserved"
          options={options}
          {...form.register('licence', { setValueAs: (v: string) => (v === '' ? undefined : v) })}
        />
      )}
    </FormField>
  );
}
