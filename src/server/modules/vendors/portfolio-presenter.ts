import type { PortfolioItem } from '../../../shared/schemas/vendor-profile.ts';
import type { portfolioItems } from '../../db/schema/index.ts';
import { fileUrl } from '../storage/index.ts';

export function presentPortfolioItem(row: typeof portfolioItems.$inferSelect): PortfolioItem {
  return {
    id: row.id,
    title: row.title,
    category: row.category,
    priceMin: row.priceMin,
    priceMax: row.priceMax,
    imageUrl: fileUrl('portfolio', row.imageKey),
    thumbUrl: fileUrl('portfolio', row.thumbKey),
    width: row.width,
    height: row.height,
    position: row.position,
  };
}
