import { DIETARY_OPTIONS, FLAVORS, OCCASIONS, SIZES } from '../../../../shared/catalog.ts';
import { Card } from '../../../components/ui/card.tsx';
import { CheckboxField, Field, fieldA11y } from '../../../components/ui/field.tsx';
import { Input, NativeSelect } from '../../../components/ui/input.tsx';
import type { QuoteRequestFormState } from './use-quote-request-form.ts';

/** "Your cake": occasion, flavor, size, servings, a saved design, dietary needs and allergies. */
export function CakeCard({
  form,
  designs,
}: {
  form: QuoteRequestFormState;
  designs: { id: string; title: string }[];
}) {
  const { values, set, err, a11y, errors, dietary, setDietary } = form;
  return (
    <Card className="grid gap-4 p-5 sm:grid-cols-2">
      <h2 className="text-xl font-semibold sm:col-span-2">Your cake</h2>
      <Field id="q-occasion" label="Occasion" error={err('occasion')}>
        <NativeSelect value={values.occasion} onChange={set('occasion')} {...a11y('q-occasion', 'occasion')}>
          <option value="">Choose…</option>
          {OCCASIONS.map((o) => (
            <option key={o}>{o}</option>
          ))}
        </NativeSelect>
      </Field>
      <Field id="q-flavor" label="Flavor" error={err('flavor')}>
        <NativeSelect value={values.flavor} onChange={set('flavor')} {...a11y('q-flavor', 'flavor')}>
          <option value="">Choose…</option>
          {FLAVORS.map((o) => (
            <option key={o}>{o}</option>
          ))}
        </NativeSelect>
      </Field>
      <Field id="q-size" label="Size" error={err('size')}>
        <NativeSelect value={values.size} onChange={set('size')} {...a11y('q-size', 'size')}>
          <option value="">Choose…</option>
          {SIZES.map((o) => (
            <option key={o}>{o}</option>
          ))}
        </NativeSelect>
      </Field>
      <Field id="q-servings" label="Servings" error={err('servings')}>
        <Input
          inputMode="numeric"
          value={values.servings}
          onChange={set('servings')}
          {...a11y('q-servings', 'servings')}
        />
      </Field>
      {designs.length > 0 && (
        <div className="sm:col-span-2">
          <Field id="q-design" label="Design (optional)" error={errors.designId}>
            <NativeSelect
              value={values.designId}
              onChange={set('designId')}
              {...fieldA11y('q-design', errors.designId)}
            >
              <option value="">No design</option>
              {designs.map((d) => (
                <option key={d.id} value={d.id}>
                  {d.title}
                </option>
              ))}
            </NativeSelect>
          </Field>
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
        <Field id="q-allergies" label="Allergies (optional)" error={err('allergies')}>
          <Input value={values.allergies} onChange={set('allergies')} {...a11y('q-allergies', 'allergies')} />
        </Field>
      </div>
    </Card>
  );
}
