import { Modal } from '../../lib/ui/Modal.tsx';
import { SHELL_TEXTS } from '../texts.ts';

/** The iOS instruction to add the app to the home screen (Safari has no install prompt). */
export default function IosInstallDialog({
  isOpen,
  onOpenChange,
}: {
  isOpen: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <Modal isOpen={isOpen} onOpenChange={onOpenChange} title={SHELL_TEXTS.installIosTitle} maxWidth={400}>
      <p>{SHELL_TEXTS.installIos}</p>
    </Modal>
  );
}
