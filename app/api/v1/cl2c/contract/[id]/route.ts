import { getDb } from '@/db/client';
import { deleteContract } from '@/lib/contracts/service';
import { familyA } from '@/lib/http/family-a';

export const DELETE = familyA<{ id: string }>({}, ({ actor, params }) => deleteContract(getDb(), actor, params.id));
