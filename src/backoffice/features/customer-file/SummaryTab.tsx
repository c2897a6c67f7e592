import type { StaffCustomer } from '../../../shared/api/customer-staff.ts';
import { formatDate } from '../../../shared/dates.ts';
import { formatMoney } from '../../../shared/money.ts';
import { formatStaffDateTime } from '../../lib/format.ts';
import { RecordList } from '../../lib/RecordList.tsx';
import { CUSTOMER_STATUS_LABELS } from '../../lib/status-labels.ts';
import { addressText } from './address.ts';
import { HandoverButton } from './HandoverButton.tsx';
import { CUSTOMER_TEXTS } from './texts.ts';

const T = CUSTOMER_TEXTS.summary;
const yesNo = (value: boolean) => (value ? T.yes : T.no);

/** 'Resumen': the customer's record (`StaffCustomerGet`) as a definition list, then 'Preparar acceso del cliente'. */
export function SummaryTab({ customer }: { customer: StaffCustomer }) {
  const rows: [string, string][] = [
    [T.status, CUSTOMER_STATUS_LABELS[customer.status]],
    [T.nationalId, customer.nationalId],
    [T.phone, customer.phone],
    [T.email, customer.email],
    [T.birthDate, formatDate(customer.birthDate)],
    [T.address, addressText(customer.address)],
    [T.monthlyIncome, formatMoney(customer.monthlyIncome)],
    [T.creditLimit, formatMoney(customer.creditLimit)],
    [T.miniLimit, formatMoney(customer.miniLimit)],
    [T.rtb, yesNo(customer.isRtb)],
    [T.blacklist, yesNo(customer.isBlacklist)],
    [T.blocked, yesNo(customer.blocked)],
    [T.createdAt, formatStaffDateTime(customer.createdAt)],
  ];
  return (
    <>
      <RecordList rows={rows} />
      <HandoverButton customerId={customer.id} />
    </>
  );
}
