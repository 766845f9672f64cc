import { test } from '@playwright/test';

/**
 * The width and theme of the project the current test runs in (playwright.config.ts: desktop-light,
 * desktop-dark, phone-light, phone-dark). Phones get the list shell's cards instead of tables.
 */
export function mode() {
  const project = test.info().project;
  const width = project.use.viewport?.width ?? 1440;
  const height = project.use.viewport?.height ?? 900;
  const colorScheme = project.use.colorScheme === 'dark' ? ('dark' as const) : ('light' as const);
  return { name: project.name, width, height, colorScheme, phone: width < 640, label: width < 640 ? 'phone' : 'desktop' };
}
