import { DIETARY_OPTIONS, FLAVORS, OCCASIONS, SIZES } from '../../../../shared/catalog.ts';
import { Card } from '../../../components/ui/card.tsx';
import { CheckboxField, InputField, SelectField } from '../../../components/ui/field.tsx';
import { Options } from '../../../components/ui/input.tsx';
import type { QuoteRequestFormState } from './use-quote-request-form.ts';

/** "Your cake": occasion, flavor, size, servings, a saved design, dietary needs and allergies. */
export function CakeCard({
  form,
  designs,
}: {
  form: QuoteRequestFormState;
  designs: { id: string; title: string }[];
}) {
  const { field, dietary, setDietary } = form;
  return (
    <Card className="grid gap-4 p-5 sm:grid-cols-2">
      <h2 className="text-xl font-semibold sm:col-span-2">Your cake</h2>
      <SelectField label="Occasion" {...field('occasion')}>
        <option value="">Choose…</option>
        <Options options={OCCASIONS} />
      </SelectField>
      <SelectField label="Flavor" {...field('flavor')}>
        <option value="">Choose…</option>
        <Options options={FLAVORS} />
      </SelectField>
      <SelectField label="Size" {...field('size')}>
        <option value="">Choose…</option>
        <Options options={SIZES} />
      </SelectField>
      <InputField label="Servings" inputMode="numeric" {...field('servings')} />
      {designs.length > 0 && (
        <div className="sm:col-span-2">
          <SelectField label="Design (optional)" {...field('designId')}>
            <option value="">No design</option>
            <Options options={designs.map((d) => ({ value: d.id, label: d.title }))} />
          </SelectField>
        </div>
      )}
      <fieldset className="space-y-2 sm:col-span-2">
        <legend className="text-sm font-semibold text-cocoa-700">Dietary needs</legend>
        <div className="flex flex-wrap gap-x-5 gap-y-2">
          {DIETARY_OPTIONS.map((d) => (
            <CheckboxField
              key={d.value}
              id={`q-diet-${d.value}`}
              checked={dietary.includes(d.value)}
              onChange={(e) =>
                setDietary((xs) => (e.target.checked ? [...xs, d.value] : xs.filter((x) => x !== d.value)))
              }
            >
              {d.label}
            </CheckboxField>
          ))}
        </div>
      </fieldset>
      <div className="sm:col-span-2">
        <InputField label="Allergies (optional)" {...field('allergies')} />
      </div>
    </Card>
  );
}
