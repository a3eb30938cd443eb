import type { Context } from 'hono';
import { categoryIntro, categoryPageTitle, isVendorCategory } from '../../../shared/catalog.ts';
import { escapeHtml, type PageHead } from '../../http/spa.ts';
import type { AppEnv } from '../../http/types.ts';

const CATEGORY_PATH = /^\/browse-vendors\/([^/]+)\/?$/;

/**
 * The head of a category page (/browse-vendors/flowers): its own title and description. A category
 * that does not exist answers 404 (the app then shows its not-found page).
 */
export function categoryPageHead(c: Context<AppEnv>): Promise<PageHead | undefined> {
  return Promise.resolve(headOf(c.req.path));
}

function headOf(path: string): PageHead | undefined {
  const match = CATEGORY_PATH.exec(path);
  if (!match?.[1]) return undefined;
  let category: string;
  try {
    category = decodeURIComponent(match[1]);
  } catch {
    return { status: 404 };
  }
  if (!isVendorCategory(category)) return { status: 404 };
  const description = `${categoryIntro(category)} Verified vendors across British Columbia, booked and paid on Frosted with payment protection.`;
  return {
    status: 200,
    title: categoryPageTitle(category),
    meta: [`<meta name="description" content="${escapeHtml(description)}" />`],
  };
}
