import { useAtomValue, useSetAtom } from 'jotai';
import { lazy, Suspense, useState } from 'react';
import { installOptionAtom, promptInstallAtom } from '../../lib/pwa/install-prompt.ts';
import { SHELL_TEXTS } from '../texts.ts';

const IosInstallDialog = lazy(() => import('./IosInstallDialog.tsx'));

/**
 * 'Instalar app' (architecture §5): where the browser offers installation (`beforeinstallprompt`), a button replays
 * its prompt; on iOS Safari it opens a short instruction to add the app to the home screen. Nothing otherwise.
 */
export function InstallAction() {
  const option = useAtomValue(installOptionAtom);
  const promptInstall = useSetAtom(promptInstallAtom);
  const [iosOpen, setIosOpen] = useState(false);
  if (option.kind === 'none') return null;
  return (
    <>
      <button
        type="button"
        className="ui-button ui-button--secondary install-action"
        onClick={() => (option.kind === 'prompt' ? void promptInstall() : setIosOpen(true))}
      >
        {SHELL_TEXTS.install}
      </button>
      {iosOpen ? (
        <Suspense fallback={null}>
          <IosInstallDialog isOpen={iosOpen} onOpenChange={setIosOpen} />
        </Suspense>
      ) : null}
    </>
  );
}
