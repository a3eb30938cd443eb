import { and, asc, eq } from 'drizzle-orm';
import { STYLE_PRESETS, type StylePreset } from '../../../shared/catalog.ts';
import type { StartGenerationValues } from '../../../shared/schemas/designs.ts';
import type { Database } from '../../db/client.ts';
import { designGenerations, designImages, vendors } from '../../db/schema/index.ts';
import { AppError } from '../../errors.ts';
import type { Actor } from '../../actor.ts';
import type { DesignRunner } from './runner.ts';
import { type QuotaSubject, quotaDay, releaseImages, reserveImages } from './quota.ts';

type Db = Database['db'];

/** Three of the five presets, picked afresh each time so a second press shows other styles. */
export function pickStyles(count: number, random: () => number = Math.random): StylePreset[] {
  const ids = STYLE_PRESETS.map((s) => s.id);
  for (let i = ids.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [ids[i], ids[j]] = [ids[j] as StylePreset, ids[i] as StylePreset];
  }
  const chosen = new Set(ids.slice(0, count));
  return STYLE_PRESETS.map((s) => s.id).filter((id) => chosen.has(id));
}

/**
 * Starts a generation: checks the provider can run, takes the images from the daily allowance and
 * hands the job to the runner. Returns the id; progress follows on the row.
 */
export async function startGeneration({
  db,
  runner,
  actor,
  subject,
  input,
}: {
  db: Db;
  runner: DesignRunner;
  actor: Actor | null;
  subject: QuotaSubject;
  input: StartGenerationValues;
}): Promise<{ generation: GenerationRow; vendorName: string | null }> {
  const blocked = runner.provider.notReady;
  if (blocked) throw new AppError('NOT_CONFIGURED', 503, blocked);
  const { variations, style, vendorId, ...form } = input;
  const styles = variations === 3 ? pickStyles(3) : [style ?? pickStyles(1)[0] ?? 'elegant'];
  const vendor = vendorId ? await approvedVendor(db, vendorId) : undefined;

  const day = quotaDay();
  await reserveImages(db, { subject, day, count: styles.length });
  const id = crypto.randomUUID();
  let generation: GenerationRow | undefined;
  try {
    [generation] = await db
      .insert(designGenerations)
      .values({
        id,
        userId: actor?.id ?? null,
        vendorId: vendor?.id ?? null,
        variations,
        form,
        quotaKey: subject.key,
        quotaDay: day,
      })
      .returning();
  } catch (err) {
    // Nothing was generated: the images go back to the allowance.
    await releaseImages(db, { key: subject.key, day, count: styles.length }).catch(() => undefined);
    throw err;
  }
  if (!generation) throw new Error('the generation row was not written');
  runner.start({ id, variations, form, styles, quotaKey: subject.key, quotaDay: day });
  return { generation, vendorName: vendor?.businessName ?? null };
}

/** A vendor the customer may design for: approved ones only; anything else is simply not attached. */
async function approvedVendor(db: Db, id: string) {
  const [row] = await db
    .select({ id: vendors.id, businessName: vendors.businessName })
    .from(vendors)
    .where(and(eq(vendors.id, id), eq(vendors.status, 'approved')));
  return row;
}

export type GenerationRow = typeof designGenerations.$inferSelect;
export type DesignImageRow = typeof designImages.$inferSelect;

/**
 * A generation as its owner sees it. A signed-in user's generation is theirs alone; a visitor's is
 * reachable by its unguessable id, which only that visitor's browser was given.
 */
export async function getGeneration({ db, actor, id }: { db: Db; actor: Actor | null; id: string }) {
  const row = await loadGeneration(db, id);
  if (!row || (row.generation.userId !== null && row.generation.userId !== actor?.id)) {
    throw AppError.notFound();
  }
  return row;
}

/** The generation with its vendor's name, unchecked: callers have checked who is asking. */
export async function loadGeneration(db: Db, id: string) {
  const [row] = await db
    .select({ generation: designGenerations, vendorName: vendors.businessName })
    .from(designGenerations)
    .leftJoin(vendors, eq(vendors.id, designGenerations.vendorId))
    .where(eq(designGenerations.id, id));
  return row;
}

/** Just the row, for the event stream's repeated reads (ownership is checked once, on connect). */
export async function readGenerationState(db: Db, id: string): Promise<GenerationRow | undefined> {
  const [row] = await db.select().from(designGenerations).where(eq(designGenerations.id, id));
  return row;
}

export async function generationImages(db: Db, id: string): Promise<DesignImageRow[]> {
  return db
    .select()
    .from(designImages)
    .where(and(eq(designImages.generationId, id), eq(designImages.status, 'succeeded')))
    .orderBy(asc(designImages.position));
}
