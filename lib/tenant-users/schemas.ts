import { z } from 'zod';
import { emailField, phoneField, registrationFields } from '@/lib/users/schemas';

/** `""` and `null` mean "no value", as .NET clients send them. */
const blankToNull = (v: unknown) => (v === '' ? null : v);

const optionalPhone = z.preprocess(blankToNull, phoneField.nullish()).meta({ type: 'string', nullable: true });

/** B5 body: a new registered user of the tenant. */
export const createTenantUserBody = z
  .object({
    firstName: registrationFields.firstName,
    lastName: registrationFields.lastName,
    email: emailField,
    userName: registrationFields.userName,
    phoneNumber: optionalPhone,
  })
  .meta({ id: 'CreateUserRequest' });
export type CreateTenantUserBody = z.output<typeof createTenantUserBody>;

/** B6 body: the key owner's own profile. Omitted fields stay; `null`/`""` clears phone and push token. */
export const updateCurrentUserBody = z
  .object({
    id: z.string().trim().min(1, 'is required'),
    firstName: registrationFields.firstName.optional(),
    lastName: registrationFields.lastName.optional(),
    phoneNumber: optionalPhone,
    pushToken: z.preprocess(blankToNull, z.string().max(512, 'must be at most 512 characters').nullish()).meta({ type: 'string', nullable: true }),
  })
  .meta({ id: 'UpdateUserRequest' });
export type UpdateCurrentUserBody = z.output<typeof updateCurrentUserBody>;

const userListFields = {
  id: z.string().uuid(),
  userName: z.string().nullable(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  email: z.string(),
  emailConfirmed: z.boolean(),
  authenticated: z.boolean(),
  phoneNumber: z.string().nullable(),
  walletAddress: z.string().nullable(),
};

export const userListItem = z.object(userListFields).meta({ id: 'UserListItem' });
export const userProfile = z
  .object({ ...userListFields, authValidUpto: z.string().datetime().nullable(), authLocation: z.string().nullable() })
  .meta({ id: 'UserProfile' });
