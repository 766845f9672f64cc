'use client';

import { ApiReferenceReact } from '@scalar/api-reference-react';
import { useEffect } from 'react';
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

/**
 * Scalar (0.9.74) renders two widgets without accessible names: the code-input used for auth and
 * parameter values (a combobox without a name or `aria-expanded`) and the schema "show properties"
 * toggles (icon-only buttons). Until upstream names them, name them here as they appear, so screen
 * readers (and axe) get a label; nothing else of Scalar's markup is touched.
 */
function nameScalarWidgets(root: ParentNode) {
  for (const el of root.querySelectorAll<HTMLElement>('.code-input-lite__editor')) {
    if (el.getAttribute('role') === 'combobox' && !el.hasAttribute('aria-expanded')) el.setAttribute('aria-expanded', 'false');
    if (!el.getAttribute('aria-label') && !el.getAttribute('aria-labelledby')) {
      const label = el.dataset.placeholder ?? el.getAttribute('placeholder') ?? el.closest('[class*="label"]')?.textContent ?? '';
      el.setAttribute('aria-label', label.trim() ? `Value: ${label.trim()}` : 'Value');
    }
  }
  for (const button of root.querySelectorAll<HTMLButtonElement>('button[aria-controls^="scalar-refs-"]')) {
    // Its only content is an icon hidden from screen readers; aria-expanded already says open/closed.
    const named = button.innerText.trim() || button.getAttribute('aria-label') || button.getAttribute('aria-labelledby');
    if (!named) button.setAttribute('aria-label', 'Properties');
  }
}

export function ScalarReference() {
  useEffect(() => {
    nameScalarWidgets(document);
    const observer = new MutationObserver(() => nameScalarWidgets(document));
    observer.observe(document.body, { childList: true, subtree: true });
    return () => observer.disconnect();
  }, []);
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
