import { createContractBody, listContractsQuery, updateContractBody } from '@/lib/contracts/schemas';
import { createContract, updateContract } from '@/lib/contracts/service';
import { runRead } from '@/lib/reads/run';
import { familyA } from '@/lib/http/family-a';

export const GET = familyA({ query: listContractsQuery }, ({ req, actor, query }) =>
  runRead(req.signal, 'listContracts', actor.organizationId, query),
);

export const POST = familyA({ body: createContractBody, status: 201 }, ({ actor, body, store }) =>
  createContract(store, actor, body),
);

export const PUT = familyA({ body: updateContractBody }, ({ actor, body, store }) => updateContract(store, actor, body));
