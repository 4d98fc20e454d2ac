// The web app manifest and the icons, linked from the page once the first screen is drawn (main.tsx,
// docs/decisions/081-startup-work-after-the-first-screen.md) instead of from index.html: a browser
// fetches them as soon as it reads the links — the manifest and the same icon up to four times (tab,
// home screen, the manifest's icons) — on the slow link the login form's script needs. Chromium
// re-reads the manifest when its link appears; Safari reads the home screen icon when she adds the app.

const APP_LINKS: readonly Record<string, string>[] = [
  { rel: 'manifest', href: '/manifest.webmanifest' },
  { rel: 'icon', type: 'image/png', sizes: '192x192', href: '/icons/icon-192.png' },
  { rel: 'apple-touch-icon', href: '/icons/icon-192.png' },
];

/** Adds the manifest and icon links to <head>, each once (index.html has its own inline SVG tab icon). */
export function linkAppManifest(doc: Document = document): void {
  for (const attributes of APP_LINKS) {
    if (doc.head.querySelector(`link[rel="${attributes.rel}"][href="${attributes.href}"]`)) continue;
    const link = doc.createElement('link');
    for (const [name, value] of Object.entries(attributes)) link.setAttribute(name, value);
    doc.head.append(link);
  }
}
