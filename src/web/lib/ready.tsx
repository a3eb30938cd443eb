import { useEffect } from 'react';

/**
 * Marks the page as interactive (`<html data-ready>`): browser tests wait for it after loading a page.
 * The server renders it too (entry-server.tsx), so both trees have the same shape and React's ids match.
 */
export function Ready() {
  useEffect(() => {
    document.documentElement.dataset.ready = 'true';
  }, []);
  return null;
}
