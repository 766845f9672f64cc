import { OpenApiGeneratorV3 } from '@asteasolutions/zod-to-openapi';
import { registerConsoleAuditPaths } from '@/lib/audit/openapi';
import { registerChainPaths } from './chain-paths';
import { registerConsoleContractPath, registerContractPaths } from '@/lib/contracts/openapi';
import { registerExportPaths } from './export-paths';
import { registerCopyrightPaths } from '@/lib/copyright/openapi';
import { registerNftPaths } from '@/lib/nfts/openapi';
import { registerMemberPaths } from '@/lib/members/openapi';
import { registerTokenPaths } from '@/lib/tokens/openapi';
import { registerWebhookPaths } from '@/lib/webhooks/openapi';
import { familyAExamples } from '@/lib/openapi/examples';
import { finishDocument } from '@/lib/openapi/finish';
import { aErrors, newRegistry } from '@/lib/openapi/registry';

/** The Family A OpenAPI 3.0.3 document, generated from the handlers' own zod schemas. */
export function familyADocument() {
  const registry = newRegistry();
  registerContractPaths(registry);
  registerNftPaths(registry);
  registerCopyrightPaths(registry);
  registerMemberPaths(registry);
  registerTokenPaths(registry);
  registerWebhookPaths(registry);
  registerChainPaths(registry);
  registerConsoleAuditPaths(registry);
  registerConsoleContractPath(registry);
  registerExportPaths(registry);
  const doc = new OpenApiGeneratorV3(registry.definitions).generateDocument({
    openapi: '3.0.3',
    info: {
      title: 'CL2C Admin — Family A (organization API)',
      version: '1.0.0',
      description: 'Organization-scoped API. Authenticate every call with the `x-api-key` header.',
    },
    servers: [{ url: '/api/v1' }],
    security: [{ apiKey: [] }],
  });
  return finishDocument(doc, 'A', aErrors, familyAExamples);
}
