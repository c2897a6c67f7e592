import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { Button } from '../../../lib/ui/Button.tsx';
import { FormSelect } from '../../../lib/ui/FormSelect.tsx';
import { FormTextField } from '../../../lib/ui/FormTextField.tsx';
import type { MemberDetails } from '../../../shared/api/customer-schemas.ts';
import { LENGTHS } from '../../../shared/constants.ts';
import { addressSchema, type AddressForm as AddressOutput } from '../../../shared/validators/forms.ts';
import { provinceForPostcode } from '../../../shared/validators/postcode.ts';
import { handleAddressError } from '../address-errors.ts';
import { saveAddress } from '../api/save-address.ts';
import { provinceOptions } from '../provinces.ts';
import { ADDRESS_TEXTS } from '../texts.ts';

type AddressValues = z.input<typeof addressSchema>;

const emptyAddress: AddressValues = { street: '', number: '', floor: '', postcode: '', city: '', province: '' };

export interface AddressFormProps {
  onSaved: (memberDetails: MemberDetails) => Promise<void> | void;
  onStatusChanged: () => void;
}

/**
 * The home address (shared address schema): street, number, floor (optional), postcode (5 digits of a real
 * province), city and province (the 52 provinces). A valid postcode chooses its province, which the customer may
 * still change. A failed submit focuses the first field with an error.
 */
export function AddressForm({ onSaved, onStatusChanged }: AddressFormProps) {
  const { control, handleSubmit, setError, setValue, formState } = useForm<AddressValues, unknown, AddressOutput>({
    resolver: zodResolver(addressSchema),
    mode: 'onTouched',
    defaultValues: emptyAddress,
  });

  const suggestProvince = (postcode: string) => {
    const province = provinceForPostcode(postcode);
    if (province !== undefined) setValue('province', province, { shouldDirty: true, shouldValidate: true });
  };

  const save = async (address: AddressOutput) => {
    let memberDetails: MemberDetails;
    try {
      memberDetails = await saveAddress(address);
    } catch (error) {
      await handleAddressError(error, {
        setFieldError: (field, message) => setError(field, { type: 'server', message }, { shouldFocus: true }),
        statusChanged: onStatusChanged,
      });
      return;
    }
    await onSaved(memberDetails);
  };

  return (
    <form className="ui-form address-form" noValidate onSubmit={(event) => void handleSubmit(save)(event)}>
      <FormTextField
        control={control}
        name="street"
        label={ADDRESS_TEXTS.street}
        description={ADDRESS_TEXTS.streetHint}
        autoComplete="address-line1"
        maxLength={200}
        isRequired
      />
      <div className="address-row">
        <FormTextField
          control={control}
          name="number"
          label={ADDRESS_TEXTS.number}
          autoComplete="off"
          maxLength={20}
          isRequired
        />
        <FormTextField
          control={control}
          name="floor"
          label={ADDRESS_TEXTS.floor}
          autoComplete="address-line2"
          maxLength={50}
        />
      </div>
      <div className="address-row">
        <FormTextField
          control={control}
          name="postcode"
          label={ADDRESS_TEXTS.postcode}
          description={ADDRESS_TEXTS.postcodeHint}
          inputMode="numeric"
          autoComplete="postal-code"
          maxLength={LENGTHS.postcode}
          onValueChange={suggestProvince}
          isRequired
        />
        <FormTextField
          control={control}
          name="city"
          label={ADDRESS_TEXTS.city}
          autoComplete="address-level2"
          maxLength={100}
          isRequired
        />
      </div>
      <FormSelect control={control} name="province" label={ADDRESS_TEXTS.province} options={provinceOptions} />
      <Button type="submit" fullWidth isLoading={formState.isSubmitting}>
        {ADDRESS_TEXTS.submit}
      </Button>
    </form>
  );
}
