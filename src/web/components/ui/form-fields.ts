import { get, type FieldErrors, type FieldValues, type Path, type UseFormRegister } from 'react-hook-form';

/**
 * A react-hook-form form's fields for InputField, SelectField and TextareaField: `{...field('email')}`
 * is the field's id (`{prefix}-email`), its error message and its registration. A file of its own, so
 * a page with fields but no form (Browse Vendors' filters) does not load react-hook-form.
 */
export function formFields<T extends FieldValues>(
  prefix: string,
  register: UseFormRegister<T>,
  errors: FieldErrors<T>,
) {
  return (name: Path<T>) => ({
    id: `${prefix}-${name}`,
    error: (get(errors, name) as { message?: string } | undefined)?.message,
    ...register(name),
  });
}
