import { LoanFlowGate } from '../../lib/loan-flow/LoanFlowGate.tsx';
import { routes } from '../../shared/routes/table.ts';
import { DocumentsForm } from './components/DocumentsForm.tsx';
import './documents.css';

/** `documents` (/documents): the DNI/NIE of the loan flow `l` (second document §2, §4). */
export default function DocumentsPage() {
  return (
    <section className="page page-documents" aria-labelledby="page-title">
      <h1 id="page-title">{routes.documents.title}</h1>
      <LoanFlowGate step="documents">{(flow) => <DocumentsForm flowId={flow.id} />}</LoanFlowGate>
    </section>
  );
}
