import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { Modal } from '../../../lib/ui/Modal.tsx';
import { DocumentFileGet, type StaffDocument } from '../../../shared/api/document-staff.ts';
import { messageOf } from '../../lib/api-error.ts';
import { callFile } from '../../lib/backoffice-session.ts';
import { documentKindLabel } from '../../lib/status-labels.ts';
import { API_TEXTS } from '../../lib/texts.ts';
import { CUSTOMER_TEXTS } from './texts.ts';

const T = CUSTOMER_TEXTS.documents;

/** A document's file on screen: an object URL of the bytes read, kept only while the dialog is open. */
interface Viewing {
  document: StaffDocument;
  url: string;
  type: string;
}

export interface DocumentViewer {
  /** Reads the document's file (`DocumentFileGet`, an audited read) and opens the dialog with it. */
  open: (document: StaffDocument) => void;
  /** The document being read, for its button's busy state. */
  openingId: number | null;
  /** Why the last read failed, in Spanish (the server's text for its codes). */
  failure: string | null;
  /** The dialog, to render once in the tab. */
  dialog: ReactNode;
}

/**
 * 'Ver' of the 'Documentos' tab: the file read as a Blob (never cached: the server answers `no-store` and the back
 * office has no service worker), shown from an object URL in a dialog; the URL is revoked when the dialog closes or
 * the tab goes, so the bytes do not outlive the view.
 */
export function useDocumentViewer(): DocumentViewer {
  const [viewing, setViewing] = useState<Viewing | null>(null);
  const [openingId, setOpeningId] = useState<number | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const live = useRef(true);
  const current = useRef<string | null>(null);

  const revoke = useCallback(() => {
    if (current.current !== null) URL.revokeObjectURL(current.current);
    current.current = null;
  }, []);

  useEffect(() => {
    live.current = true;
    return () => {
      live.current = false;
      revoke();
    };
  }, [revoke]);

  const open = (document: StaffDocument) => {
    setFailure(null);
    setOpeningId(document.id);
    callFile(DocumentFileGet, { params: { documentId: document.id } }).then(
      (blob) => {
        if (!live.current) return;
        revoke();
        const url = URL.createObjectURL(blob);
        current.current = url;
        setOpeningId(null);
        setViewing({ document, url, type: blob.type || document.contentType });
      },
      (error: unknown) => {
        if (!live.current) return;
        setOpeningId(null);
        setFailure(messageOf(error, API_TEXTS.network));
      },
    );
  };

  const close = () => {
    revoke();
    setViewing(null);
  };

  const dialog = viewing && <DocumentDialog viewing={viewing} onClose={close} />;
  return { open, openingId, failure, dialog };
}

function DocumentDialog({ viewing, onClose }: { viewing: Viewing; onClose: () => void }) {
  const { document, url, type } = viewing;
  const kind = documentKindLabel(document.type, document.subType);
  return (
    <Modal
      isOpen
      onOpenChange={(isOpen) => !isOpen && onClose()}
      title={T.dialogTitle(kind)}
      maxWidth={960}
      className="bo-document-dialog"
    >
      {type.startsWith('image/') ? (
        <img className="bo-document-image" src={url} alt={T.imageAlt(kind, document.name)} />
      ) : (
        // The page's CSP frames nothing but its own origin (frame-src 'self', object-src 'none'): a PDF opens in a tab.
        <>
          <p>{T.pdf}</p>
          <a href={url} target="_blank" rel="noopener noreferrer">
            {T.openPdf(document.name)}
          </a>
        </>
      )}
    </Modal>
  );
}
