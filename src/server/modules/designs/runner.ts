import { EventEmitter } from 'node:events';
import { and, eq, lt } from 'drizzle-orm';
import sharp from 'sharp';
import type { StylePreset } from '../../../shared/catalog.ts';
import { drawnSize, imageSizeFor } from '../../../shared/designer.ts';
import { MESSAGES } from '../../../shared/errors.ts';
import { PROGRESS_STEPS } from '../../../shared/schemas/designs.ts';
import type { Database } from '../../db/client.ts';
import { designGenerations, designImages, type StoredDesignForm } from '../../db/schema/index.ts';
import type { Logger } from '../../logger.ts';
import { storeGeneratedImage } from '../storage/index.ts';
import type { ObjectStore } from '../storage/index.ts';
import { buildPrompt } from './prompt.ts';
import { type ImageProvider, ImageProviderError } from './providers/types.ts';
import type { RenderPool } from './renderer/pool.ts';
import { releaseImages } from './quota.ts';

type Db = Database['db'];

export interface GenerationJob {
  id: string;
  variations: 1 | 3;
  form: StoredDesignForm;
  styles: StylePreset[];
  quotaKey: string;
  quotaDay: string;
}

export interface DesignRunner {
  readonly provider: ImageProvider;
  /** The worker threads the procedural provider draws on; undefined when it draws on the main thread. */
  readonly renderPool: RenderPool | undefined;
  /** Runs the job in the background; progress and results are written to its rows. */
  start(job: GenerationJob): void;
  /** Calls `listener` whenever the generation's row changed in this process; returns the unsubscribe. */
  subscribe(id: string, listener: () => void): () => void;
  /**
   * Resolves when every job started so far has finished (shutdown, tests, benchmarks), with the render
   * threads stopped so the process can exit; a later job starts them again.
   */
  drain(): Promise<void>;
}

/** The generations of this process, and the in-process signal that wakes their event streams. */
export function createDesignRunner(deps: {
  db: Db;
  storage: ObjectStore;
  log: Logger;
  provider: ImageProvider;
  renderPool?: RenderPool;
}): DesignRunner {
  const bus = new EventEmitter();
  bus.setMaxListeners(0);
  const running = new Set<Promise<void>>();
  return {
    provider: deps.provider,
    renderPool: deps.renderPool,
    start(job) {
      const task = runGeneration(deps, job, () => bus.emit(job.id))
        .catch((err: unknown) => deps.log.error({ err, generationId: job.id }, 'design generation crashed'))
        .finally(() => running.delete(task));
      running.add(task);
    },
    subscribe(id, listener) {
      bus.on(id, listener);
      return () => void bus.off(id, listener);
    },
    async drain() {
      while (running.size > 0) await Promise.allSettled([...running]);
      await deps.renderPool?.close();
    },
  };
}

/**
 * The spec's five progress steps mean: started; prompts sent; first image back; every image stored;
 * done. A variation that fails is dropped and its quota slot given back; if all fail, the generation
 * fails with the provider's message when they agree, else the spec's generic one.
 */
async function runGeneration(
  deps: { db: Db; storage: ObjectStore; log: Logger; provider: ImageProvider },
  job: GenerationJob,
  notify: () => void,
): Promise<void> {
  const { db, provider } = deps;
  const steps = PROGRESS_STEPS[job.variations];
  const step = async (index: 0 | 1 | 2 | 3) => {
    const progress = steps[index];
    await db
      .update(designGenerations)
      .set({ progress })
      .where(and(eq(designGenerations.id, job.id), lt(designGenerations.progress, progress)));
    notify();
  };

  let released = false;
  try {
    await step(0);
    // Custom Size takes its shape from the description; the stored form keeps what the user chose.
    const shaped = { ...job.form, size: drawnSize(job.form) };
    const dims = imageSizeFor(shaped);
    const providerForm = { ...shaped, dietary: job.form.dietary.join(',') };
    const images = job.styles.map((style, position) => ({
      id: crypto.randomUUID(),
      generationId: job.id,
      position,
      style,
      width: dims.width,
      height: dims.height,
      provider: provider.name,
      model: provider.model,
      size: provider.sizeFor(dims),
      prompt: buildPrompt(providerForm, style),
    }));
    await db.insert(designImages).values(images);
    await step(1);

    let firstBack = false;
    const outcomes = await Promise.allSettled(
      images.map(async (image) => {
        const made = await provider.generate({
          form: providerForm,
          style: image.style,
          dims,
          prompt: image.prompt,
        });
        if (!firstBack) {
          firstBack = true;
          await step(2);
        }
        const [imageKey, meta] = await Promise.all([
          storeGeneratedImage({
            store: deps.storage,
            bucket: 'designs',
            bytes: made.bytes,
            prefix: `generated/${job.quotaDay}`,
            contentType: made.contentType,
          }),
          sharp(made.bytes).metadata(),
        ]);
        await db
          .update(designImages)
          .set({
            status: 'succeeded',
            imageKey,
            width: meta.width ?? dims.width,
            height: meta.height ?? dims.height,
            model: made.model,
            costCents: made.costCents,
          })
          .where(eq(designImages.id, image.id));
      }),
    );

    const failures = outcomes.flatMap((o, i) =>
      o.status === 'rejected' ? [{ image: images[i], err: o.reason as unknown }] : [],
    );
    for (const { image, err } of failures) {
      const known = err instanceof ImageProviderError;
      if (!known) deps.log.error({ err, generationId: job.id }, 'design image failed');
      await db
        .update(designImages)
        .set({
          status: 'failed',
          errorKind: known ? err.kind : 'internal',
          errorMessage: known ? err.message : String(err).slice(0, 500),
        })
        .where(eq(designImages.id, image?.id ?? ''));
    }
    await releaseImages(db, { key: job.quotaKey, day: job.quotaDay, count: failures.length });
    released = true;

    if (failures.length === images.length) {
      await finish(db, job.id, { status: 'failed', error: failureMessage(failures.map((f) => f.err)) });
    } else {
      await step(3);
      await finish(db, job.id, { status: 'succeeded', progress: steps[4] });
    }
  } catch (err) {
    // Anything outside the images themselves (the database, say): the whole generation fails.
    deps.log.error({ err, generationId: job.id }, 'design generation failed');
    if (!released)
      await releaseImages(db, { key: job.quotaKey, day: job.quotaDay, count: job.styles.length }).catch(
        () => undefined,
      );
    await finish(db, job.id, { status: 'failed', error: MESSAGES.designsFailed }).catch(() => undefined);
  }
  notify();
}

async function finish(
  db: Db,
  id: string,
  outcome: { status: 'succeeded'; progress: number } | { status: 'failed'; error: string },
): Promise<void> {
  await db
    .update(designGenerations)
    .set(
      outcome.status === 'succeeded'
        ? { status: 'succeeded', progress: outcome.progress, finishedAt: new Date() }
        : {
            status: 'failed',
            errorCode: 'GENERATION_FAILED',
            errorMessage: outcome.error,
            finishedAt: new Date(),
          },
    )
    .where(eq(designGenerations.id, id));
}

/** One provider message when every failure says the same thing (a missing key, a refusal), else the generic one. */
function failureMessage(errors: unknown[]): string {
  const messages = new Set(
    errors.map((e) => (e instanceof ImageProviderError ? e.message : MESSAGES.designsFailed)),
  );
  const [only] = messages;
  return messages.size === 1 && only ? only : MESSAGES.designsFailed;
}
