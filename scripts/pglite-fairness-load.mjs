// The client side of scripts/pglite-fairness.ts, in a worker thread (its own event loop, so the server's busy loop
// does not delay when the measured requests start): the payers pay in a loop over HTTP while one loan request and
// one card creation start every `everyMs`; posts back their latencies (ms), the unanswered ones and the payments.
import { randomUUID } from 'node:crypto';
import { parentPort, workerData } from 'node:worker_threads';

const { baseUrl, payers, loanRequests, cardCreations, everyMs, timeoutMs, installmentAmount } = workerData;
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

const post = (path, headers, body) =>
  fetch(`${baseUrl}${path}`, {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/json', 'idempotency-key': randomUUID() },
    body: JSON.stringify(body),
  });

let paying = true;
const payments = { ok: 0, other: 0 };
const loadStarted = performance.now();
const payerLoops = payers.map(async (payer) => {
  let next = 0;
  while (paying && next < payer.instalments.length) {
    const response = await post('/api/loan/payloan', payer.headers, {
      loanId: payer.loanId,
      paymentOption: 'firstNotPaidInstallment',
      installmentId: payer.instalments[next],
      amount: installmentAmount,
      cardId: payer.cardId,
    });
    const answer = await response.json();
    if (response.status === 200 && answer.data.status === 'success') {
      payments.ok += 1;
      next += 1;
    } else payments.other += 1;
  }
});

const latencies = { loan: [], card: [], loanUnanswered: 0, cardUnanswered: 0 };
const timed = async (kind, { path, headers, body }) => {
  const started = performance.now();
  const answered = post(path, headers, body).then(async (response) => {
    await response.text();
    if (response.status !== 200) throw new Error(`${path} answered ${response.status}`);
    return performance.now() - started;
  });
  const result = await Promise.race([answered, sleep(timeoutMs).then(() => null)]);
  if (result === null) latencies[`${kind}Unanswered`] += 1;
  else latencies[kind].push(result);
  return { done: answered.catch(() => undefined) };
};

await sleep(everyMs);
const measured = [];
for (let index = 0; index < loanRequests.length; index += 1) {
  measured.push(timed('loan', loanRequests[index]), timed('card', cardCreations[index]));
  await sleep(everyMs);
}
// Decided (answered or timed out) under load; then the payers stop and the late answers are awaited.
const late = await Promise.all(measured);
paying = false;
await Promise.all([...payerLoops, ...late.map((item) => item.done)]);
parentPort.postMessage({ latencies, payments, seconds: (performance.now() - loadStarted) / 1000 });
