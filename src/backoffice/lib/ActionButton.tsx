import { useState } from 'react';
import { Button } from '../../lib/ui/Button.tsx';
import { ActionDialog, type ActionDialogProps } from './ActionDialog.tsx';

export interface ActionButtonProps extends Omit<ActionDialogProps, 'isOpen' | 'onClose'> {
  /** The button that opens the dialog ('Cambiar estado'). */
  label: string;
  /** Called when the dialog opens, so its fields start from what the page shows. */
  onOpen?: () => void;
}

/** A staff write: a button opening its `ActionDialog` (fields, reason, the server's refusal inside). */
export function ActionButton({ label, onOpen, ...dialog }: ActionButtonProps) {
  const [isOpen, setOpen] = useState(false);
  return (
    <>
      <Button
        variant="secondary"
        onPress={() => {
          onOpen?.();
          setOpen(true);
        }}
      >
        {label}
      </Button>
      <ActionDialog {...dialog} isOpen={isOpen} onClose={() => setOpen(false)} />
    </>
  );
}
