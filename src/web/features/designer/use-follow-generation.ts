import { useEffect, useEffectEvent, useState } from 'react';
import { MESSAGES } from '../../../shared/errors.ts';
import type { DesignGeneration } from '../../../shared/schemas/designs.ts';
import { ApiError, api } from '../../lib/api.ts';

/** How a generation ended: the images that succeeded, or the message to show. */
export type GenerationOutcome =
  { status: 'succeeded'; generation: DesignGeneration } | { status: 'failed'; message: string };

export interface GenerationProgress {
  progress: number;
  stage: string;
}

const POLL_MS = 1000;
/** Polling gives up after this many failed reads in a row (the network is gone, not just slow). */
const MAX_POLL_ERRORS = 30;

const outcomeOf = (g: DesignGeneration): GenerationOutcome =>
  g.status === 'succeeded' && g.images.length > 0
    ? { status: 'succeeded', generation: g }
    : { status: 'failed', message: g.error?.message ?? MESSAGES.designsFailed };

/**
 * Follows a running generation: its event stream first, and GET every second when the stream breaks
 * or EventSource is missing. `onSettled` runs once, with the outcome; the stream closes on unmount.
 */
export function useFollowGeneration(
  started: DesignGeneration | null,
  onSettled: (outcome: GenerationOutcome) => void,
): GenerationProgress | null {
  const id = started?.id ?? null;
  const [state, setState] = useState<GenerationProgress & { id: string }>();
  const settledEvent = useEffectEvent(onSettled);

  useEffect(() => {
    if (!id) return;
    let closed = false;
    let source: EventSource | undefined;
    let timer: number | undefined;
    let pollErrors = 0;
    const path = `/api/designs/generations/${encodeURIComponent(id)}`;

    const report = (progress: number, stage: string) => {
      if (!closed) setState({ id, progress, stage });
    };
    const settle = (outcome: GenerationOutcome) => {
      if (closed) return;
      closed = true;
      source?.close();
      window.clearTimeout(timer);
      settledEvent(outcome);
    };
    const poll = async () => {
      try {
        const g = await api<DesignGeneration>(path);
        pollErrors = 0;
        if (closed) return;
        if (g.status !== 'running') return settle(outcomeOf(g));
        report(g.progress, g.stage);
      } catch (err) {
        if (closed) return;
        const final = err instanceof ApiError && err.status >= 400 && err.status < 500 && err.status !== 429;
        if (final || ++pollErrors >= MAX_POLL_ERRORS) {
          return settle({
            status: 'failed',
            message: err instanceof Error ? err.message : MESSAGES.internal,
          });
        }
      }
      if (!closed) timer = window.setTimeout(() => void poll(), POLL_MS);
    };
    const fallBackToPolling = () => {
      source?.close();
      source = undefined;
      if (!closed && timer === undefined) timer = window.setTimeout(() => void poll(), 0);
    };

    if (typeof EventSource === 'undefined') {
      fallBackToPolling();
    } else {
      source = new EventSource(`${path}/events`);
      source.addEventListener('progress', (e) => {
        const data = JSON.parse((e as MessageEvent<string>).data) as GenerationProgress;
        report(data.progress, data.stage);
      });
      const terminal = (e: Event) => settle(outcomeOf(JSON.parse((e as MessageEvent<string>).data)));
      source.addEventListener('done', terminal);
      source.addEventListener('failed', terminal);
      source.addEventListener('error', () => {
        if (!closed) fallBackToPolling();
      });
    }
    return () => {
      closed = true;
      source?.close();
      window.clearTimeout(timer);
    };
  }, [id]);

  if (!started) return null;
  return state?.id === started.id
    ? { progress: state.progress, stage: state.stage }
    : { progress: started.progress, stage: started.stage };
}
