import { beforeEach, describe, expect, it } from 'vitest';
import { linkAppManifest } from './app-links.ts';

describe('linkAppManifest (decision 081)', () => {
  beforeEach(() => {
    document.head.innerHTML = '';
  });

  it('links the manifest, the tab icon and the home screen icon', () => {
    linkAppManifest();
    const links = [...document.head.querySelectorAll('link')].map((link) => [link.rel, link.getAttribute('href')]);
    expect(links).toEqual([
      ['manifest', '/manifest.webmanifest'],
      ['icon', '/icons/icon-192.png'],
      ['apple-touch-icon', '/icons/icon-192.png'],
    ]);
  });

  it('adds each link once, however often it is called', () => {
    linkAppManifest();
    linkAppManifest();
    expect(document.head.querySelectorAll('link')).toHaveLength(3);
  });
});
