import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, useWatch } from 'react-hook-form';
import { toast } from 'sonner';
import {
  COUNTRIES,
  PROVINCES,
  taxInformationSchema,
  type TaxInformation,
  type TaxInformationInput,
  type TaxInformationView,
} from '../../../shared/schemas/seller-report.ts';
import { Button } from '../../components/ui/button.tsx';
import { InputField, SelectField } from '../../components/ui/field.tsx';
import { formFields } from '../../components/ui/form-fields.ts';
import { Options } from '../../components/ui/input.tsx';
import { ApiError } from '../../lib/api.ts';
import { useSaveTaxInformation } from './api.ts';

const SELLER_TYPE_OPTIONS = [
  { value: 'individual', label: 'An individual (sole proprietor)' },
  { value: 'entity', label: 'A business (corporation, partnership or other entity)' },
];
const COUNTRY_OPTIONS = COUNTRIES.map(([value, label]) => ({ value, label }));
const PROVINCE_OPTIONS = [
  { value: '', label: 'Choose…' },
  ...PROVINCES.map(([value, label]) => ({ value, label })),
];

type Info = NonNullable<TaxInformationView['information']>;

/** What is on file fills the form again, except the identifiers: they are typed again to change anything. */
const toForm = (info: Info | null): TaxInformationInput => ({
  sellerType: info?.sellerType ?? 'individual',
  legalName: info?.legalName ?? '',
  addressLine1: info?.addressLine1 ?? '',
  addressLine2: info?.addressLine2 ?? '',
  city: info?.city ?? '',
  region: info?.region ?? '',
  postalCode: info?.postalCode ?? '',
  country: (info?.country ?? 'CA') as TaxInformationInput['country'],
  tin: '',
  tinCountry: (info?.tinCountry ?? 'CA') as TaxInformationInput['tinCountry'],
  tinRegion: info?.tinRegion ?? '',
  dateOfBirth: '',
  businessRegistrationNumber: '',
});

/** The Tax information form: checked with the server's own schema, each message at its field. */
export function TaxInfoForm({ view }: { view: TaxInformationView }) {
  const save = useSaveTaxInformation();
  const info = view.information;
  const { register, handleSubmit, formState, setError, control, reset } = useForm<
    TaxInformationInput,
    unknown,
    TaxInformation
  >({ resolver: zodResolver(taxInformationSchema), defaultValues: toForm(info) });
  const field = formFields('tax', register, formState.errors);
  const [sellerType, country, tinCountry] = useWatch({
    control,
    name: ['sellerType', 'country', 'tinCountry'],
  });
  const individual = sellerType === 'individual';
  const tinLabel =
    tinCountry !== 'CA'
      ? 'Tax identification number'
      : individual
        ? 'Social Insurance Number (SIN)'
        : 'Business number (BN, 9 digits)';

  const onSubmit = (values: TaxInformation) =>
    save.mutate(values, {
      onSuccess: (saved) => {
        toast.success('Tax information saved');
        reset(toForm(saved.information));
      },
      onError: (e) => {
        if (e instanceof ApiError)
          for (const [f, m] of Object.entries(e.fields))
            setError(f as keyof TaxInformationInput, { message: m });
        toast.error(e.message);
      },
    });

  const onFile = (masked: string | null | undefined) =>
    masked ? ` (on file: ${masked}; type it again to save changes)` : '';

  return (
    <form noValidate onSubmit={(e) => void handleSubmit(onSubmit)(e)} className="space-y-6">
      <SelectField label="You sell as" {...field('sellerType')}>
        <Options options={SELLER_TYPE_OPTIONS} />
      </SelectField>
      <InputField
        label={individual ? 'Legal name (as on your tax return)' : 'Legal name of the business'}
        autoComplete={individual ? 'name' : 'organization'}
        {...field('legalName')}
      />
      <fieldset className="space-y-4">
        <legend className="text-sm font-semibold text-cocoa-700">
          {individual ? 'Home address' : 'Registered address'}
        </legend>
        <InputField label="Street address" autoComplete="address-line1" {...field('addressLine1')} />
        <InputField
          label="Apartment, suite (optional)"
          autoComplete="address-line2"
          {...field('addressLine2')}
        />
        <div className="grid gap-4 sm:grid-cols-2">
          <InputField label="City" autoComplete="address-level2" {...field('city')} />
          {country === 'CA' ? (
            <SelectField label="Province or territory" {...field('region')}>
              <Options options={PROVINCE_OPTIONS} />
            </SelectField>
          ) : (
            <InputField
              label="State or region (optional)"
              autoComplete="address-level1"
              {...field('region')}
            />
          )}
          <InputField label="Postal code" autoComplete="postal-code" {...field('postalCode')} />
          <SelectField label="Country" {...field('country')}>
            <Options options={COUNTRY_OPTIONS} />
          </SelectField>
        </div>
      </fieldset>
      <fieldset className="space-y-4">
        <legend className="text-sm font-semibold text-cocoa-700">Tax number</legend>
        <InputField
          label={`${tinLabel}${onFile(info?.tinMasked)}`}
          inputMode={tinCountry === 'CA' ? 'numeric' : 'text'}
          autoComplete="off"
          {...field('tin')}
        />
        <div className="grid gap-4 sm:grid-cols-2">
          <SelectField label="Issued by (country)" {...field('tinCountry')}>
            <Options options={COUNTRY_OPTIONS} />
          </SelectField>
          {tinCountry === 'CA' ? (
            <SelectField label="Province or territory you file from" {...field('tinRegion')}>
              <Options options={PROVINCE_OPTIONS} />
            </SelectField>
          ) : (
            <InputField label="State or region (optional)" {...field('tinRegion')} />
          )}
        </div>
        {individual ? (
          <InputField
            label={`Date of birth${onFile(info?.dateOfBirthMasked)}`}
            placeholder="YYYY-MM-DD"
            autoComplete="bday"
            {...field('dateOfBirth')}
          />
        ) : (
          <InputField
            label={`Business registration number${onFile(info?.businessRegistrationNumberMasked)}`}
            autoComplete="off"
            {...field('businessRegistrationNumber')}
          />
        )}
      </fieldset>
      <Button type="submit" disabled={save.isPending}>
        {save.isPending ? 'Saving...' : 'Save tax information'}
      </Button>
    </form>
  );
}
