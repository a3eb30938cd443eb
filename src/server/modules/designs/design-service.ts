import { and, eq } from 'drizzle-orm';
import { MESSAGES } from '../../../shared/errors.ts';
import type { Database } from '../../db/client.ts';
import { cakeDesigns, designGenerations, designImages } from '../../db/schema/index.ts';
import { AppError } from '../../errors.ts';
import type { Actor } from '../../actor.ts';
import { fileUrl } from '../storage/index.ts';
import type { PublicDesignSource } from './presenter.ts';

type Db = Database['db'];

/** A stored image with the form it was drawn from. */
async function loadGeneratedImage(db: Db, imageId: string) {
  const [row] = await db
    .select({ image: designImages, generation: designGenerations })
    .from(designImages)
    .innerJoin(designGenerations, eq(designGenerations.id, designImages.generationId))
    .where(and(eq(designImages.id, imageId), eq(designImages.status, 'succeeded')));
  return row?.image.imageKey ? { ...row, imageKey: row.image.imageKey } : undefined;
}

/**
 * Saves a generated image as a cake design of the actor. Saving the same image twice gives the first
 * row back. A signed-in user's generation can only be saved by that user; a visitor's by whoever
 * holds its id (the visitor, after signing in).
 */
export async function saveDesign({ db, actor, imageId }: { db: Db; actor: Actor; imageId: string }) {
  const found = await loadGeneratedImage(db, imageId);
  if (!found || (found.generation.userId !== null && found.generation.userId !== actor.id)) {
    throw new AppError('NOT_FOUND', 404, MESSAGES.designGone);
  }
  const { image, generation, imageKey } = found;
  const { form } = generation;
  const [inserted] = await db
    .insert(cakeDesigns)
    .values({
      id: crypto.randomUUID(),
      customerId: actor.id,
      occasion: form.occasion,
      flavor: form.flavor,
      size: form.size,
      colors: form.colors || null,
      description: form.description || null,
      aiGenerated: true,
      imageUrl: fileUrl('designs', imageKey),
      prompt: image.prompt,
      style: image.style,
      dietaryRestrictions: form.dietary.length > 0 ? form.dietary.join(',') : null,
      designImageId: image.id,
    })
    .onConflictDoNothing({ target: [cakeDesigns.customerId, cakeDesigns.designImageId] })
    .returning();
  if (inserted) return { row: inserted, created: true };
  const [existing] = await db
    .select()
    .from(cakeDesigns)
    .where(and(eq(cakeDesigns.customerId, actor.id), eq(cakeDesigns.designImageId, image.id)));
  if (!existing) throw new AppError('NOT_FOUND', 404, MESSAGES.designGone);
  return { row: existing, created: false };
}

/**
 * What a shared link shows: a generated image by its id, or a saved design (the demo's, and designs
 * saved before images were kept) by its own id. Both ids are the only way to reach them.
 */
export async function getPublicDesign({ db, id }: { db: Db; id: string }): Promise<PublicDesignSource> {
  const generated = await loadGeneratedImage(db, id);
  if (generated) {
    const { image, generation, imageKey } = generated;
    return {
      id: image.id,
      imageUrl: fileUrl('designs', imageKey),
      width: image.width,
      height: image.height,
      ...generation.form,
      style: image.style,
      aiGenerated: true,
      createdAt: image.createdAt,
    };
  }
  const [saved] = await db.select().from(cakeDesigns).where(eq(cakeDesigns.id, id));
  if (!saved) throw AppError.notFound();
  return {
    id: saved.id,
    imageUrl: saved.imageUrl,
    width: null,
    height: null,
    occasion: saved.occasion,
    flavor: saved.flavor,
    size: saved.size,
    colors: saved.colors,
    description: saved.description,
    dietary: (saved.dietaryRestrictions ?? '')
      .split(',')
      .map((d) => d.trim())
      .filter(Boolean),
    style: saved.style,
    aiGenerated: saved.aiGenerated,
    createdAt: saved.createdAt,
  };
}
