/** spec §2: each page's style name is its first path segment; the root is the welcome page. */
export function pageStyleName(pathname: string): string {
  return pathname.split('/')[1] || 'welcome';
}

/** spec §2 Header and menu: no header on / (and /login, the same page) and under /remind. */
const PAGES_WITHOUT_HEADER = new Set(['welcome', 'login', 'remind']);

export const pageHasHeader = (styleName: string) => !PAGES_WITHOUT_HEADER.has(styleName);
