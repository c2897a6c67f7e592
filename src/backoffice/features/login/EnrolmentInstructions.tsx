import type { CallResponse } from '../../../shared/api/define.ts';
import type { StaffLoginPost } from '../../../shared/api/staff.ts';
import { LOGIN_TEXTS } from './texts.ts';

export type Enrolment = NonNullable<CallResponse<typeof StaffLoginPost>['enrolment']>;

/** The first login's app set-up: the server's QR code (an SVG, shown as an image) and the secret in groups of 4. */
export function EnrolmentInstructions({ enrolment }: { enrolment: Enrolment }) {
  const qr = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(enrolment.qrSvg)}`;
  return (
    <div className="bo-enrolment">
      <p>{LOGIN_TEXTS.enrolIntro}</p>
      <img className="bo-enrolment-qr" src={qr} alt={LOGIN_TEXTS.qrAlt} width={200} height={200} />
      <p>{LOGIN_TEXTS.secretIntro}</p>
      <p>
        <code className="bo-enrolment-secret">{enrolment.secret}</code>
      </p>
      <p>{LOGIN_TEXTS.enrolThen}</p>
    </div>
  );
}
