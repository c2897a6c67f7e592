import { useStore } from 'jotai';
import { useNavigate } from 'react-router';
import { refreshMemberDetails } from '../../lib/session/refresh-member-details.ts';
import { updateMemberDetails } from '../../lib/session/session.ts';
import type { MemberDetails } from '../../shared/api/customer-schemas.ts';
import { landingFor } from '../../shared/routes/access.ts';
import { routes } from '../../shared/routes/table.ts';
import { AddressForm } from './components/AddressForm.tsx';
import { ADDRESS_TEXTS } from './texts.ts';
import './address.css';

/**
 * The address page (`addressDetails`, /address-details, preRegistered or later): the saved address makes a
 * preRegistered customer registered, who goes on to the bank credentials (the landing page of the new status).
 */
export default function AddressPage() {
  const store = useStore();
  const navigate = useNavigate();

  const saved = async (memberDetails: MemberDetails) => {
    await updateMemberDetails(store, memberDetails);
    navigate(landingFor(memberDetails.status), { replace: true });
  };

  const statusChanged = () => void refreshMemberDetails(store);

  return (
    <section className="page page-address" aria-labelledby="page-title">
      <h1 id="page-title">{routes.addressDetails.title}</h1>
      <p>{ADDRESS_TEXTS.intro}</p>
      <AddressForm onSaved={saved} onStatusChanged={statusChanged} />
    </section>
  );
}
