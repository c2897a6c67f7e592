import { useState } from 'react';
import { Button } from '../../../lib/ui/Button.tsx';
import { openDialog, type DialogType } from '../../../lib/ui/dialog-store.ts';
import { DIALOG_TEXTS } from '../../../shared/messages.ts';
import { GuideSection } from './GuideSection.tsx';
import { Example } from './Example.tsx';

const TYPES: readonly { type: DialogType; label: string }[] = [
  { type: 'success', label: 'Éxito' },
  { type: 'error', label: 'Error' },
  { type: 'info', label: 'Información' },
  { type: 'warning', label: 'Advertencia' },
];

export function DialogsSection({ id, title }: { id: string; title: string }) {
  const [answer, setAnswer] = useState('');
  const ask = async (label: string, answerPromise: Promise<boolean>) => {
    const confirmed = await answerPromise;
    setAnswer(`${label}: ${confirmed ? DIALOG_TEXTS.yes : DIALOG_TEXTS.no}`);
  };
  return (
    <GuideSection
      id={id}
      title={title}
      description="Se abren desde cualquier parte con openDialog() y devuelven la respuesta. Se muestran de una en una, en orden."
    >
      <Example title="Un diálogo de cada tipo" row>
        {TYPES.map(({ type, label }) => (
          <Button
            key={type}
            variant="secondary"
            onPress={() => void ask(label, openDialog({ type, content: `Un diálogo de tipo «${label}».` }))}
          >
            {label}
          </Button>
        ))}
      </Example>
      <Example title="Con Si y No" row>
        <Button
          variant="secondary"
          onPress={() =>
            void ask(
              'Cerrar sesión',
              openDialog({
                type: 'warning',
                content: '¿Quieres cerrar la sesión?',
                description: 'Tendrás que volver a iniciar sesión.',
                showButtonNo: true,
              }),
            )
          }
        >
          Preguntar
        </Button>
        <Button
          variant="secondary"
          onPress={() =>
            void ask(
              'Obligatorio',
              openDialog({
                type: 'info',
                content: 'Solo se cierra respondiendo.',
                showButtonNo: true,
                isDismissable: false,
              }),
            )
          }
        >
          Sin cierre
        </Button>
      </Example>
      <Example title="Cola y duplicados" row>
        <Button
          variant="secondary"
          onPress={() => {
            void ask('Primero', openDialog({ type: 'success', content: 'Primero de tres.' }));
            void ask('Segundo', openDialog({ type: 'info', content: 'Segundo de tres.' }));
            void ask('Tercero', openDialog({ type: 'error', content: 'Tercero de tres.' }));
          }}
        >
          Abrir tres seguidos
        </Button>
        <Button
          variant="secondary"
          onPress={() => {
            for (let attempt = 0; attempt < 3; attempt += 1) {
              void ask(
                'Sin conexión',
                openDialog({
                  id: 'design-guide-offline',
                  type: 'error',
                  content: 'Se pidió tres veces; se muestra una.',
                }),
              );
            }
          }}
        >
          Mismo diálogo tres veces
        </Button>
      </Example>
      <p className="design-guide-result" role="status">
        {answer && `Respuesta — ${answer}`}
      </p>
    </GuideSection>
  );
}
