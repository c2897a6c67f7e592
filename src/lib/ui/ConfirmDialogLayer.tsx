import { I18nProvider } from 'react-aria-components/I18nProvider';
import { LAYOUT, LOCALE } from '../../shared/constants.ts';
import { DIALOG_TEXTS } from '../../shared/messages.ts';
import { AlertIcon } from './AlertIcon.tsx';
import { Button } from './Button.tsx';
import { answerDialog, useDialogs } from './dialog-store.ts';
import { Modal } from './Modal.tsx';
import { UI_TEXTS } from './ui-texts.ts';
import './confirm-dialog.css';

/**
 * The confirm dialog on screen: the first of the queue. Loaded on demand by DialogHost. The modal stays open while
 * the queue has dialogs; each queued dialog mounts a fresh dialog element so focus moves to it, and focus returns
 * to where the customer was once the last one is answered.
 */
export default function ConfirmDialogLayer() {
  const dialogs = useDialogs();
  const current = dialogs[0];
  if (current === undefined) return null;
  const { key, options } = current;
  const type = options.type ?? 'info';
  const isDismissable = options.isDismissable ?? true;
  const dataAttributes: Record<`data-${string}`, string> = { 'data-type': type };
  if (options.subType !== undefined) dataAttributes['data-subtype'] = options.subType;
  return (
    <I18nProvider locale={LOCALE}>
      <Modal
        isOpen
        onOpenChange={(isOpen) => {
          if (!isOpen) answerDialog(key, false);
        }}
        dialogKey={key}
        role="alertdialog"
        title={options.title ?? DIALOG_TEXTS.titles[type]}
        icon={options.icon ?? <AlertIcon type={type} size={28} />}
        isDismissable={isDismissable}
        maxWidth={LAYOUT.confirmDialogMaxWidth}
        className="ui-confirm-dialog"
        dataAttributes={dataAttributes}
        footer={
          <>
            {options.showButtonNo === true && (
              <Button variant="secondary" onPress={() => answerDialog(key, false)}>
                {options.buttonNo ?? DIALOG_TEXTS.no}
              </Button>
            )}
            <Button onPress={() => answerDialog(key, true)}>
              {options.buttonYes ?? (options.showButtonNo === true ? DIALOG_TEXTS.yes : UI_TEXTS.acknowledge)}
            </Button>
          </>
        }
      >
        <div className="ui-confirm-dialog-content">{options.content}</div>
        {options.description !== undefined && (
          <div className="ui-confirm-dialog-description">{options.description}</div>
        )}
      </Modal>
    </I18nProvider>
  );
}
