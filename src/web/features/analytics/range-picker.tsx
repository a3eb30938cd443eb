import { type FormEvent, useState } from 'react';
import {
  ANALYTICS_PRESETS,
  ANALYTICS_PRESET_LABELS,
  type DayRange,
  presetRange,
} from '../../../shared/analytics.ts';
import { vendorAnalyticsQuerySchema } from '../../../shared/schemas/analytics.ts';
import { Button } from '../../components/ui/button.tsx';
import { FieldError, Input, Label } from '../../components/ui/input.tsx';

interface RangeProps {
  range: DayRange;
  today: string;
  onChange: (next: DayRange) => void;
}

/**
 * The period the tab covers: quick presets, or two dates and Apply. The dates are checked with the
 * schema the server validates with, so a wrong range is explained here before it is asked for.
 */
export function RangePicker({ range, today, onChange }: RangeProps) {
  return (
    // Top-aligned, the presets level with the date fields (below their labels): a date's error message
    // then grows under its field without moving the presets.
    <div className="flex flex-col gap-4 lg:flex-row lg:items-start lg:justify-between">
      <div role="group" aria-label="Quick ranges" className="flex flex-wrap gap-2 lg:mt-7">
        {ANALYTICS_PRESETS.map((preset) => {
          const target = presetRange(preset, today);
          const active = target.from === range.from && target.to === range.to;
          return (
            <Button
              key={preset}
              size="sm"
              variant={active ? 'secondary' : 'outline'}
              aria-pressed={active}
              onClick={() => onChange(target)}
            >
              {ANALYTICS_PRESET_LABELS[preset]}
            </Button>
          );
        })}
      </div>
      {/* Keyed by the range: a preset or a reload puts its dates back in the fields. */}
      <DatesForm key={`${range.from}/${range.to}`} range={range} today={today} onChange={onChange} />
    </div>
  );
}

function DatesForm({ range, today, onChange }: RangeProps) {
  const [from, setFrom] = useState(range.from);
  const [to, setTo] = useState(range.to);
  const [errors, setErrors] = useState<Partial<Record<'from' | 'to', string>>>({});

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = vendorAnalyticsQuerySchema.safeParse({ from, to });
    if (!parsed.success) {
      const next: typeof errors = {};
      for (const issue of parsed.error.issues) {
        const key = issue.path[0];
        if ((key === 'from' || key === 'to') && !next[key]) next[key] = issue.message;
      }
      setErrors(next);
      return;
    }
    setErrors({});
    onChange({ from, to });
  };

  return (
    <form
      onSubmit={submit}
      noValidate
      className="grid grid-cols-2 items-start gap-3 sm:flex"
      aria-label="Date range"
    >
      <DateField
        id="analytics-from"
        label="From"
        value={from}
        max={today}
        error={errors.from}
        onChange={setFrom}
      />
      <DateField id="analytics-to" label="To" value={to} max={today} error={errors.to} onChange={setTo} />
      <Button type="submit" variant="soft" className="col-span-2 sm:mt-6">
        Apply
      </Button>
    </form>
  );
}

function DateField({
  id,
  label,
  value,
  max,
  error,
  onChange,
}: {
  id: string;
  label: string;
  value: string;
  max: string;
  error: string | undefined;
  onChange: (value: string) => void;
}) {
  return (
    <div className="flex min-w-0 flex-col gap-1 sm:w-40">
      <Label htmlFor={id}>{label}</Label>
      <Input
        id={id}
        type="date"
        value={value}
        max={max}
        onChange={(e) => onChange(e.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
      />
      <FieldError id={`${id}-error`} message={error} />
    </div>
  );
}
