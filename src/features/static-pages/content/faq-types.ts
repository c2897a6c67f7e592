import type { ReactNode } from 'react';

export interface FaqItem {
  /** Anchor of the question (`/preguntas-frecuentes#<id>`). */
  readonly id: string;
  readonly question: string;
  readonly answer: ReactNode;
}

export interface FaqGroup {
  readonly id: string;
  readonly title: string;
  readonly items: readonly FaqItem[];
}
