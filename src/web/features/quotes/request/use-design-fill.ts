import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { designToQuoteBrief } from '../../../../shared/design-brief.ts';
import type { PublicDesign } from '../../../../shared/schemas/designs.ts';
import { ApiError } from '../../../lib/api.ts';
import { designQuery } from '../api.ts';
import type { QuoteRequestFormState } from './use-quote-request-form.ts';

/** A saved design as the form lists it: its id, and the id of its public page (the Share link's). */
export interface SavedDesignOption {
  id: string;
  shareId: string;
  title: string;
}

/** What the form says beside a field about the design that filled it. */
export interface DesignNotes {
  design?: string;
  occasion?: string;
  flavor?: string;
  size?: string;
  dietary?: string;
}

const quoted = (value: string) => `“${value}”`;

/** The customer's saved design a link names: by its own id, or by its public page's (the Share link). */
export const savedDesignFor = (designs: SavedDesignOption[], id: string) =>
  id ? designs.find((d) => d.id === id || d.shareId === id) : undefined;

/**
 * A design's brief carried into the request. Choosing one of the customer's saved designs (or opening
 * the form with ?design=, by the design's id or its Share link's) fills occasion, flavor and size,
 * adds its dietary needs and puts its colors and description in the notes; anything the design does
 * not set stays as typed, and notes the customer wrote are never replaced. A design shared by someone
 * else fills the brief the same way but cannot go with the request (only the customer's own saved
 * designs can): the form says so.
 */
export function useDesignFill({
  state,
  designs,
  opened,
}: {
  state: QuoteRequestFormState;
  designs: SavedDesignOption[];
  /** The ?design= the form was opened with ('' for none). */
  opened: string;
}) {
  const queryClient = useQueryClient();
  const { setValue, getValues, formState } = state.form;
  const [notes, setNotes] = useState<DesignNotes>({});
  const [loading, setLoading] = useState(false);
  // The notes a design wrote, so the next design may replace them while the customer's own stay.
  const designNotes = useRef<string | null>(null);
  // The design last asked for: a slower answer for an earlier choice is dropped.
  const asked = useRef('');

  const apply = (design: PublicDesign, shared: boolean) => {
    const fill = designToQuoteBrief(design);
    const options = { shouldDirty: true, shouldValidate: formState.isSubmitted };
    if (fill.occasion) setValue('brief.occasion', fill.occasion, options);
    if (fill.flavor) setValue('brief.flavor', fill.flavor, options);
    if (fill.size) setValue('brief.size', fill.size, options);
    if (fill.dietary.length > 0) {
      const current = getValues('brief.dietary');
      setValue('brief.dietary', [...current, ...fill.dietary.filter((d) => !current.includes(d))], options);
    }
    const typed = getValues('brief.notes');
    if (fill.notes && (typed.trim() === '' || typed === designNotes.current)) {
      setValue('brief.notes', fill.notes, options);
      designNotes.current = fill.notes;
    }
    const { unmatched } = fill;
    setNotes({
      ...(shared && {
        design:
          'The design you opened is not one of your saved designs, so its picture cannot go with the request; its details are filled in below.',
      }),
      ...(unmatched.occasion && {
        occasion: `Your design’s occasion, ${quoted(unmatched.occasion)}, is not in this list: please choose one.`,
      }),
      ...(unmatched.flavor && {
        flavor: `Your design’s flavor, ${quoted(unmatched.flavor)}, is not in this list: please choose one.`,
      }),
      ...(unmatched.size && {
        size: `Your design’s size, ${quoted(unmatched.size)}, is not in this list: please choose one, or Custom Size and describe it in the notes.`,
      }),
      ...(unmatched.dietary && {
        dietary: `Your design also asks for ${unmatched.dietary.join(', ')}, which is not in this list: please add it under Allergies or in the notes.`,
      }),
    });
  };

  const load = async (id: string, shared: boolean) => {
    asked.current = id;
    setLoading(true);
    try {
      const design = await queryClient.fetchQuery({ ...designQuery(id), staleTime: 60_000 });
      if (asked.current === id) apply(design, shared);
    } catch (err) {
      if (asked.current !== id) return;
      setNotes({
        design:
          err instanceof ApiError && err.status === 404
            ? 'We could not find the design you opened. Choose one of your designs, or describe the cake below.'
            : 'We could not read this design’s details. Please fill them in below.',
      });
    } finally {
      if (asked.current === id) setLoading(false);
    }
  };

  /** The customer chose a design in the list ('' for none): its brief fills the form. */
  const choose = (id: string) => {
    if (!id) {
      asked.current = '';
      setLoading(false);
      return setNotes({});
    }
    void load(id, false);
  };

  // Opened with ?design=: one of the customer's saved designs (by its id or its Share link's id) is
  // chosen in the list; any other design the API shows fills the brief without going with it.
  const started = useRef(false);
  useEffect(() => {
    if (started.current || !opened) return;
    started.current = true;
    const saved = savedDesignFor(designs, opened);
    void load(saved?.id ?? opened, !saved);
    // Once, for the design the form was opened with.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  return { notes, loading, choose };
}
