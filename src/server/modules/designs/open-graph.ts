import type { Context } from 'hono';
import { designIdParamSchema } from '../../../shared/schemas/designs.ts';
import { AppError } from '../../errors.ts';
import { escapeHtml, type PageHead } from '../../http/spa.ts';
import type { AppEnv } from '../../http/types.ts';
import { getPublicDesign } from './design-service.ts';
import { presentPublicDesign } from './presenter.ts';

const DESIGN_PATH = /^\/designs\/([^/]+)\/?$/;

/**
 * The head of a shared design page: its own title and Open Graph / Twitter tags, so a link pasted
 * into a chat shows the cake. Unknown designs answer 404 (the app then shows its not-found page).
 */
export async function designPageHead(c: Context<AppEnv>): Promise<PageHead | undefined> {
  const match = DESIGN_PATH.exec(c.req.path);
  if (!match?.[1]) return undefined;
  const parsed = designIdParamSchema.safeParse({ id: decodeURIComponent(match[1]) });
  if (!parsed.success) return { status: 404 };
  const { db, config } = c.var.services;
  let design;
  try {
    design = presentPublicDesign(await getPublicDesign({ db, id: parsed.data.id }));
  } catch (err) {
    if (err instanceof AppError && err.status === 404) return { status: 404 };
    throw err;
  }
  const title = `${design.occasion} Cake design | Frosted`;
  const description = [
    `${design.flavor} flavour, ${design.size}`,
    design.styleLabel && `${design.styleLabel} style`,
    design.description,
  ]
    .filter(Boolean)
    .join('. ')
    .slice(0, 300);
  const url = `${config.publicUrl}/designs/${encodeURIComponent(design.id)}`;
  const tags: [string, string, string][] = [
    ['name', 'description', description],
    ['property', 'og:type', 'website'],
    ['property', 'og:site_name', 'Frosted'],
    ['property', 'og:title', title],
    ['property', 'og:description', description],
    ['property', 'og:url', url],
    ['name', 'twitter:card', design.imageUrl ? 'summary_large_image' : 'summary'],
    ['name', 'twitter:title', title],
    ['name', 'twitter:description', description],
  ];
  if (design.imageUrl) {
    const image = new URL(design.imageUrl, config.publicUrl).toString();
    tags.push(['property', 'og:image', image], ['name', 'twitter:image', image]);
    tags.push(['property', 'og:image:alt', `${design.occasion} cake design`]);
    if (design.width && design.height) {
      tags.push(['property', 'og:image:width', String(design.width)]);
      tags.push(['property', 'og:image:height', String(design.height)]);
    }
  }
  return {
    status: 200,
    title,
    meta: tags.map(([attr, key, value]) => `<meta ${attr}="${key}" content="${escapeHtml(value)}" />`),
  };
}
