import type { ReactNode } from 'react';
import type { UseFormRegisterReturn, UseFormRegister } from 'react-hook-form';
import { BALANCE_DUE_DAYS_MAX, BALANCE_DUE_DAYS_MIN, DEPOSIT_PERCENT_MAX } from '../../../shared/deposits.ts';
import {
  CHANGE_CUTOFF_HOURS_MAX,
  LEAD_TIME_MAX_DAYS,
  ORDERS_PER_DAY_MAX,
  type VendorProfileInput,
} from '../../../shared/schemas/vendor-profile.ts';
import { Field, fieldA11y } from '../../components/ui/field.tsx';
import { Input } from '../../components/ui/input.tsx';

/** A whole number in a short box, with what it means under it. */
function NumberField({
  id,
  label,
  error,
  min,
  max,
  registration,
  children,
}: {
  id: string;
  label: string;
  error: string | undefined;
  min: number;
  max: number;
  registration: UseFormRegisterReturn;
  children: ReactNode;
}) {
  return (
    <Field id={id} label={label} error={error}>
      <Input
        type="number"
        inputMode="numeric"
        min={min}
        max={max}
        step={1}
        className="block max-w-32"
        {...fieldA11y(id, error)}
        {...registration}
      />
      <p className="text-xs text-cocoa-500">{children}</p>
    </Field>
  );
}

/** The vendor's terms for taking orders: refunds, notice, capacity, deposit, balance and design changes. */
export function OrderTermsFields({
  register,
  err,
}: {
  register: UseFormRegister<VendorProfileInput>;
  err: (k: keyof VendorProfileInput) => string | undefined;
}) {
  return (
    <>
      <NumberField
        id="vp-refund"
        label="Refund for cancellations within 48 hours of delivery (%)"
        error={err('cancellationRefundPercent')}
        min={0}
        max={100}
        registration={register('cancellationRefundPercent')}
      >
        Per the Terms, cancellations more than 48 hours before delivery are always refunded in full.
      </NumberField>
      <div className="grid gap-4 sm:grid-cols-2">
        <NumberField
          id="vp-lead-time"
          label="Lead time (days of notice you need)"
          error={err('leadTimeDays')}
          min={0}
          max={LEAD_TIME_MAX_DAYS}
          registration={register('leadTimeDays')}
        >
          Customers see on your page how much notice you need.
        </NumberField>
        <NumberField
          id="vp-per-day"
          label="Orders you take per day"
          error={err('ordersPerDay')}
          min={1}
          max={ORDERS_PER_DAY_MAX}
          registration={register('ordersPerDay')}
        >
          The most orders you can make for one day.
        </NumberField>
      </div>
      <div className="grid gap-4 sm:grid-cols-3">
        <NumberField
          id="vp-deposit"
          label="Deposit (%)"
          error={err('depositPercent')}
          min={0}
          max={DEPOSIT_PERCENT_MAX}
          registration={register('depositPercent')}
        >
          Taken when a quote is accepted; 0 means customers pay in full.
        </NumberField>
        <NumberField
          id="vp-balance-days"
          label="Balance due (days before the event)"
          error={err('balanceDueDays')}
          min={BALANCE_DUE_DAYS_MIN}
          max={BALANCE_DUE_DAYS_MAX}
          registration={register('balanceDueDays')}
        >
          Charged automatically to the customer’s saved card; events sooner are paid in full.
        </NumberField>
        <NumberField
          id="vp-cutoff"
          label="Design changes close (hours before)"
          error={err('changeCutoffHours')}
          min={0}
          max={CHANGE_CUTOFF_HOURS_MAX}
          registration={register('changeCutoffHours')}
        >
          After this, the customer can only approve your proof.
        </NumberField>
      </div>
    </>
  );
}
