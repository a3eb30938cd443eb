import { TriangleAlert } from 'lucide-react';
import type { ReactNode } from 'react';
import { useWatch } from 'react-hook-form';
import { servingsWarning } from '../../../../shared/cake-sizes.ts';
import { DIETARY_OPTIONS, FLAVORS, OCCASIONS, SIZES } from '../../../../shared/catalog.ts';
import { Card } from '../../../components/ui/card.tsx';
import { CheckboxField, InputField, SelectField } from '../../../components/ui/field.tsx';
import { Options } from '../../../components/ui/input.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import type { DesignNotes, SavedDesignOption, useDesignFill } from './use-design-fill.ts';
import type { BriefField, QuoteRequestFormState } from './use-quote-request-form.ts';

/** The ids a control is described by: its error (when shown) and a note beside it. */
const describedBy = (id: string, error: string | undefined, note: string | undefined) =>
  [error && `${id}-error`, note && `${id}-note`].filter(Boolean).join(' ') || undefined;

/** A note under a field, about a value the design could not fill or a size that looks too small. */
function FieldNote({
  id,
  warning = false,
  children,
}: {
  id: string;
  warning?: boolean;
  children: ReactNode;
}) {
  return (
    <p
      id={id}
      className={
        warning
          ? 'flex items-start gap-2 rounded-xl bg-gold-100 px-3 py-2 text-sm font-medium text-cocoa-800'
          : 'text-sm text-cocoa-600'
      }
    >
      {warning && <TriangleAlert className="mt-0.5 size-4 shrink-0 text-gold-700" aria-hidden />}
      {children}
    </p>
  );
}

/**
 * "Your cake": a saved design first (choosing one fills the rest), then occasion, flavor, size,
 * servings (with a warning when the size serves fewer), dietary needs and allergies.
 */
export function CakeCard({
  state,
  designs,
  design,
}: {
  state: QuoteRequestFormState;
  designs: SavedDesignOption[];
  design: ReturnType<typeof useDesignFill>;
}) {
  const { field, form } = state;
  const [size, servings] = useWatch({ control: form.control, name: ['brief.size', 'brief.servings'] });
  const tooSmall = servingsWarning(size, Number(servings.trim() || Number.NaN), 'customer');
  const notes: DesignNotes = design.notes;
  const choice = (name: BriefField, label: string, options: readonly string[]) => {
    const f = field(name);
    const note = notes[name as keyof DesignNotes];
    return (
      <div className="space-y-1.5">
        <SelectField label={label} {...f} aria-describedby={describedBy(f.id, f.error, note)}>
          <option value="">Choose…</option>
          <Options options={options} />
        </SelectField>
        {note && <FieldNote id={`${f.id}-note`}>{note}</FieldNote>}
      </div>
    );
  };
  const servingsField = field('servings');
  const designField = form.register('designId', {
    onChange: (e: { target: { value: string } }) => design.choose(e.target.value),
  });

  return (
    <Card className="grid gap-4 p-5 sm:grid-cols-2">
      <h2 className="text-xl font-semibold sm:col-span-2">Your cake</h2>
      {(designs.length > 0 || notes.design) && (
        <div className="space-y-1.5 sm:col-span-2">
          {designs.length > 0 && (
            <SelectField
              id="q-designId"
              label="Design (optional)"
              error={state.errors.designId?.message}
              aria-describedby={describedBy('q-designId', state.errors.designId?.message, notes.design)}
              {...designField}
            >
              <option value="">No design</option>
              <Options options={designs.map((d) => ({ value: d.id, label: d.title }))} />
            </SelectField>
          )}
          {notes.design && <FieldNote id="q-designId-note">{notes.design}</FieldNote>}
          {design.loading && <Spinner label="Filling in your design’s details" className="py-1 text-sm" />}
        </div>
      )}
      {choice('occasion', 'Occasion', OCCASIONS)}
      {choice('flavor', 'Flavor', FLAVORS)}
      {choice('size', 'Size', SIZES)}
      <InputField
        label="Servings"
        inputMode="numeric"
        {...servingsField}
        aria-describedby={describedBy(servingsField.id, servingsField.error, tooSmall ?? undefined)}
      />
      {/* Announced as it appears; a warning only: the request can still be sent. */}
      <div role="status" className="empty:hidden sm:col-span-2">
        {tooSmall && (
          <FieldNote id={`${servingsField.id}-note`} warning>
            {tooSmall} Consider a larger size, or ask for tiers in the notes.
          </FieldNote>
        )}
      </div>
      <fieldset
        className="space-y-2 sm:col-span-2"
        aria-describedby={notes.dietary ? 'q-dietary-note' : undefined}
      >
        <legend className="text-sm font-semibold text-cocoa-700">Dietary needs</legend>
        <div className="flex flex-wrap gap-x-5 gap-y-2">
          {DIETARY_OPTIONS.map((d) => (
            <CheckboxField
              key={d.value}
              id={`q-diet-${d.value}`}
              value={d.value}
              {...form.register('brief.dietary')}
            >
              {d.label}
            </CheckboxField>
          ))}
        </div>
        {notes.dietary && <FieldNote id="q-dietary-note">{notes.dietary}</FieldNote>}
      </fieldset>
      <div className="sm:col-span-2">
        <InputField label="Allergies (optional)" {...field('allergies')} />
      </div>
    </Card>
  );
}
