import { useState } from 'react';
import { Cell, Column, Row, Table, TableBody, TableHeader } from 'react-aria-components/Table';
import {
  CardStatusHistoryGet,
  SetCardSubStatusPost,
  StaffCardsGet,
  type StaffCard,
} from '../../../shared/api/card-staff.ts';
import { call } from '../../lib/backoffice-session.ts';
import { formatStaffDateTime } from '../../lib/format.ts';
import { Loaded } from '../../lib/Loaded.tsx';
import { CARD_STATUS_LABELS, CARD_SUB_STATUS_LABELS, THREE_DS_STATE_LABELS } from '../../lib/status-labels.ts';
import { useLoad } from '../../lib/use-load.ts';
import { useCardProof, type CardProof } from './CardProofActions.tsx';
import { Notice } from '../../lib/Notice.tsx';
import { changeOf, StatusHistoryDisclosure } from './StatusChanges.tsx';
import { CUSTOMER_TEXTS } from './texts.ts';
import { REVIEW_TEXTS } from './texts-reviews.ts';
import { useMayCall } from '../../lib/use-may-call.ts';

const T = CUSTOMER_TEXTS.cards;

/** A card's history holds its status changes and its proof's steps (`kind`); their labels do not overlap. */
const CARD_HISTORY_LABELS = { ...CARD_STATUS_LABELS, ...CARD_SUB_STATUS_LABELS };

const expiry = (card: StaffCard) => `${String(card.expiryMonth).padStart(2, '0')}/${card.expiryYear}`;

/**
 * 'Tarjetas': the customer's cards (`StaffCardsGet`, newest first, deleted ones too), masked as stored; for the
 * roles of `SetCardSubStatusPost`, the proof actions the card's state allows, after which the cards are read again.
 */
export function CardsTab({ customerId }: { customerId: number }) {
  const [reads, setReads] = useState(0);
  const [notice, setNotice] = useState<string | null>(null);
  const proof = useCardProof((done) => {
    setNotice(done);
    setReads((count) => count + 1);
  });
  const mayAct = useMayCall(SetCardSubStatusPost);
  const cards = useLoad(`${customerId}:${reads}`, () => call(StaffCardsGet, { params: { customerId } }));
  return (
    <>
      <Notice text={notice} />
      <Loaded load={cards} loading={T.loading}>
        {(list) => (list.length === 0 ? <p>{T.empty}</p> : <CardList cards={list} proof={mayAct ? proof : null} />)}
      </Loaded>
      {proof.dialog}
    </>
  );
}

function CardList({ cards, proof }: { cards: StaffCard[]; proof: CardProof | null }) {
  return (
    <>
      <Table aria-label={T.tableLabel} className="bo-table">
        <TableHeader>
          <Column isRowHeader>{T.columns.number}</Column>
          <Column>{T.columns.brand}</Column>
          <Column>{T.columns.expiry}</Column>
          <Column>{T.columns.status}</Column>
          <Column>{T.columns.proof}</Column>
          <Column>{T.columns.threeDs}</Column>
          <Column>{T.columns.principal}</Column>
          <Column>{T.columns.added}</Column>
          {proof && <Column>{REVIEW_TEXTS.cards.actionsColumn}</Column>}
        </TableHeader>
        <TableBody items={cards}>
          {(card) => (
            <Row id={card.id}>
              <Cell>{card.maskedCardNumber}</Cell>
              <Cell>{T.brands[card.brand]}</Cell>
              <Cell>{expiry(card)}</Cell>
              <Cell>{CARD_STATUS_LABELS[card.cardStatus]}</Cell>
              <Cell>{card.cardSubStatus === null ? T.none : CARD_SUB_STATUS_LABELS[card.cardSubStatus]}</Cell>
              <Cell>{card.threeDsState === null ? T.withoutThreeDs : THREE_DS_STATE_LABELS[card.threeDsState]}</Cell>
              <Cell>{card.isActive ? T.yes : T.no}</Cell>
              <Cell>{formatStaffDateTime(card.createdAt)}</Cell>
              {proof && <Cell>{proof.buttons(card)}</Cell>}
            </Row>
          )}
        </TableBody>
      </Table>
      <section aria-labelledby="bo-card-histories">
        <h2 id="bo-card-histories" className="bo-subheading">
          {T.historyHeading}
        </h2>
        {cards.map((card) => (
          <StatusHistoryDisclosure
            key={card.id}
            title={T.historyOf(card.maskedCardNumber)}
            readKey={String(card.id)}
            read={async () => (await call(CardStatusHistoryGet, { params: { cardId: card.id } })).map(changeOf)}
            labels={CARD_HISTORY_LABELS}
          />
        ))}
      </section>
    </>
  );
}
