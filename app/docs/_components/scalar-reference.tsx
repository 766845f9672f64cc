'use client';

import { ApiReferenceReact } from '@scalar/api-reference-react';
import '@scalar/api-reference-react/style.css';

/**
 * The API reference, rendered by Scalar from the two generated OpenAPI documents. Bundled with
 * the app and imported only by /docs: no CDN, no web fonts (system fonts), no telemetry, no
 * proxy — "Test Request" calls this origin directly. The auth panel offers `x-api-key`
 * (Family A) and `tenant` + `X-API-Key` (Family B); what is typed there stays in this tab.
 */
const CONTRAST_CSS = `
.light-mode {
  --scalar-color-2: #3f3f3f; --scalar-color-3: #595959;
  --scalar-color-blue: #0b5cad; --scalar-color-green: #17692f; --scalar-color-orange: #8f4500;
  --scalar-color-red: #b42318; --scalar-color-purple: #6a3bbf; --scalar-color-yellow: #7a5a00;
}
.light-mode .sidebar-search-placeholder { color: #595959; }
`;

export function ScalarReference() {
  return (
    <ApiReferenceReact
      configuration={{
        sources: [
          { title: 'Family A — organization API', slug: 'family-a', url: '/api/v1/openapi.json', default: true },
          { title: 'Family B — tenant API', slug: 'family-b', url: '/v1/openapi.json' },
        ],
        theme: 'default',
        // Light only, with darker secondary text: Scalar's default grey (#757575-ish) fails WCAG AA.
        forceDarkModeState: 'light',
        hideDarkModeToggle: true,
        customCss: CONTRAST_CSS,
        // Offline: no hosted MCP generator.
        mcp: { disabled: true },
        layout: 'modern',
        withDefaultFonts: false,
        telemetry: false,
        showDeveloperTools: 'never',
        persistAuth: false,
        operationTitleSource: 'summary',
        defaultHttpClient: { targetKey: 'shell', clientKey: 'curl' },
        hiddenClients: { c: true, clojure: true, objc: true, ocaml: true, r: true, swift: true },
      }}
    />
  );
}
