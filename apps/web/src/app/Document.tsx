import type { ReactNode } from 'react';

/** The build's files a server-rendered page loads (from Vite's manifest; the server fills it in). */
export interface PageAssets {
  /** The client entry (hydrates the page); null renders a page without JavaScript. */
  entry: string | null;
  styles: string[];
  /** The entry's imports: fetched while the entry loads. */
  modulePreloads: string[];
  /** The build's route preloader (routePreload.ts): the page's own chunks, while the entry loads. */
  routePreload: string | null;
}

/**
 * The whole HTML document of a server-rendered public page. The page's title, description,
 * canonical address and Open Graph tags come from the page itself (PublicLayout): React puts them
 * into this head. The browser hydrates only #root, as the client-rendered app renders into it.
 */
export function Document({ assets, children }: { assets: PageAssets; children: ReactNode }) {
  return (
    <html lang="de-AT">
      <head>
        <meta charSet="UTF-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1.0" />
        <link rel="icon" type="image/svg+xml" href="/favicon.svg" />
        {/* precedence: React emits the stylesheet first in the head, before the scripts' preloads,
            so the browser requests the one file the first paint waits for first. */}
        {assets.styles.map((href) => (
          <link key={href} rel="stylesheet" href={href} precedence="default" />
        ))}
        {assets.modulePreloads.map((href) => (
          <link key={href} rel="modulepreload" href={href} />
        ))}
      </head>
      <body>
        <div id="root">{children}</div>
      </body>
    </html>
  );
}
