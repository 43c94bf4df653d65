import { useI18n, useErrorText } from '@renderer/i18n/I18nProvider';
import { useRef, useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ZReport } from '@shared/sales/reports';
import { usePos } from '@renderer/pos/PosProvider';
import { PosCallError, unwrap, usePosQuery } from '@renderer/pos/queries';
import type { ResponseOf } from '@shared/ipc/contract';
import { LoadingBlock, QueryState } from '@ui/Status';
import { Button } from '@ui/Button';
import { Money } from '@ui/Money';
import { Sheet } from '@ui/Sheet';
import { ReportView } from './ReportView';
import { ReportPaperButton, ReportPrintStatus } from './ReportPaper';
import { UnsentWarning } from '@renderer/screens/fleet/UnsentWarning';
import { ApprovalStep } from '@renderer/screens/refunds/ApprovalStep';
import { koboDecimalText } from '@shared/money';
import { countSheetTotalKobo, type CountSheet } from '@shared/sales/cash-count';
import type { Approval } from '@shared/sales/staff';
import { CountByNotes } from './CountByNotes';
import { typedNairaToKobo } from './typed-naira';
import { RestartNow } from './RestartNow';

/** The last entry at the drawer: cash in or out (its voucher prints), or a no sale (its slip opens the drawer, when one is set). */
type DrawerDone = { kind: 'in' | 'out'; amountKobo: number } | { kind: 'no-sale'; drawerPulse: boolean };

/** What a supervisor's PIN is asked for at the drawer, on a till that keeps it to supervisors. */
type ApprovedAtDrawer = 'noSale' | 'cashOut';

export function ShiftPanel({ isSupervisor }: { isSupervisor: boolean }) {
  const { t, money } = useI18n();
  const say = useErrorText();
  const pos = usePos();
  const client = useQueryClient();
  const shift = usePosQuery('shift:current', {}, { staleTime: 0 });
  const info = usePosQuery('app:info', {}, { staleTime: Infinity });
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const [counted, setCounted] = useState('');
  const [confirming, setConfirming] = useState(false);
  // The close's count, note by note, in a sheet of its own; its total fills the counted cash.
  const [countingNotes, setCountingNotes] = useState(false);
  // The count by notes behind the counted figure, sent with the close while the figure is still its total.
  const [noteCount, setNoteCount] = useState<CountSheet | null>(null);
  const [closed, setClosed] = useState<ZReport | null>(null);
  const refresh = () => client.invalidateQueries();

  // Opening and closing are sent once per shift state: a second tap (before React has re-rendered
  // the button as busy, or after the answer and before the screen shows the new shift) would be
  // refused with a sentence contradicting what just worked. The ref stops it at once; the state
  // keeps the button disabled until the shift the till shows has changed.
  const shiftKey = shift.data ? String(shift.data.report?.shiftId ?? 'none') : 'loading';
  const sentFor = useRef<string | null>(null);
  const [lockedFor, setLockedFor] = useState<string | null>(null);
  const locked = lockedFor === shiftKey;
  const sendOnce = (send: () => void) => {
    if (sentFor.current === shiftKey) return;
    sentFor.current = shiftKey;
    setLockedFor(shiftKey);
    send();
  };
  const unlock = () => ((sentFor.current = null), setLockedFor(null));
  // A cash movement or a no sale may be repeated on purpose, but not by one double tap.
  const drawerInFlight = useRef(false);
  const sendToDrawer = (send: () => void) => {
    if (drawerInFlight.current) return;
    drawerInFlight.current = true;
    send();
  };

  const open = useMutation({
    mutationFn: async (floatKobo: number) => unwrap(await pos['shift:open']({ floatKobo })),
    onSuccess: () => (setAmount(''), refresh()),
    onError: unlock,
  });
  // What the last cash in or out, or no sale, was: said under the form until the next entry.
  const [drawerDone, setDrawerDone] = useState<DrawerDone | null>(null);
  const drawerEntry = { onMutate: () => setDrawerDone(null), onSettled: () => void (drawerInFlight.current = false) };
  // A cashier on a till that keeps No sale or Cash out to supervisors: a supervisor types their PIN on her screen.
  const [approving, setApproving] = useState<ApprovedAtDrawer | null>(null);
  const cash = useMutation({
    mutationFn: async ({ approval, ...move }: { kind: 'in' | 'out'; amountKobo: number; approval?: Approval }) =>
      unwrap(await pos['shift:cash']({ ...move, reason, ...(approval && { approval }) })),
    ...drawerEntry,
    onSuccess: (_report, { kind, amountKobo }) => (setAmount(''), setReason(''), setApproving(null), setDrawerDone({ kind, amountKobo }), refresh()),
  });
  const noSale = useMutation({
    mutationFn: async (approval?: Approval) => unwrap(await pos['shift:no-sale']({ reason, ...(approval && { approval }) })),
    ...drawerEntry,
    onSuccess: ({ drawerPulse }) => (setReason(''), setApproving(null), setDrawerDone({ kind: 'no-sale', drawerPulse }), refresh()),
  });
  // A refused PIN belongs to the sheet: it goes with it, not onto the panel.
  const stopApproving = () => (noSale.reset(), cash.reset(), setApproving(null));
  const close = useMutation({
    mutationFn: async (countedKobo: number) =>
      unwrap(await pos['shift:close']({ countedKobo, ...(noteCount && countSheetTotalKobo(noteCount) === countedKobo && { countSheet: noteCount }) })),
    // The Z report is the till's answer that no shift is open now: the screen holds that at once
    // (until the refetch confirms it), so the closed shift is never shown open beside its Z report.
    onSuccess: (z) => (setCounted(''), setNoteCount(null), setConfirming(false), setClosed(z), client.setQueryData<ResponseOf<'shift:current'>>(['shift:current', {}], (was) => was && { ...was, report: null, overTwelveHours: false }), refresh()),
    onError: () => (setConfirming(false), unlock()),
  });
  const printReport = useMutation({ mutationFn: async (request: { kind: 'x' } | { kind: 'z'; zNumber: number }) => unwrap(await pos['report:print'](request)) });
  // A refused approval is said inside its sheet, beside the PIN pad.
  const error = [open, approving === 'cashOut' ? null : cash, approving === 'noSale' ? null : noSale, close, printReport].map((m) => m?.error).find((e) => e instanceof PosCallError) as PosCallError | undefined;

  // The till's rules, said before anyone presses: main refuses a cashier's No sale or Cash out without a supervisor's PIN all the same.
  const noSaleNeedsSupervisor = info.data?.noSaleBy === 'supervisor' && !isSupervisor;
  const cashOutNeedsSupervisor = info.data?.cashOutBy === 'supervisor' && !isSupervisor;
  const approvers = usePosQuery('staff:approvers', {}, { enabled: approving !== null, staleTime: 0 });
  const sendCash = (kind: 'in' | 'out', approval?: Approval) => sendToDrawer(() => cash.mutate({ kind, amountKobo: typedNairaToKobo(amount) ?? 0, ...(approval && { approval }) }));
  // The approval sheet's one action: the no sale or the cash out it was opened for, with the PIN.
  const approval =
    approving === 'cashOut'
      ? { busy: cash.isPending, error: cash.error, send: (given: Approval) => sendCash('out', given) }
      : { busy: noSale.isPending, error: noSale.error, send: (given: Approval) => sendToDrawer(() => noSale.mutate(given)) };
  const countedKobo = typedNairaToKobo(counted);
  const askToClose = () => {
    if (countedKobo === null) return;
    // The expected cash shown in the confirm step is the drawer's as of now.
    void shift.refetch();
    setConfirming(true);
  };

  return (
    <section className="panel" aria-labelledby="shift-title">
      <h2 id="shift-title">{t('shift.title')}</h2>
      {closed && (
        <>
          <ReportView report={closed} />
          <div className="form-row">
            <button type="button" className="button button-ghost-dark" disabled={printReport.isPending} onClick={() => printReport.mutate({ kind: 'z', zNumber: closed.zNumber })}>
              {t('shift.printZ', { number: closed.zNumber })}
            </button>
            <ReportPaperButton request={{ kind: 'z', zNumber: closed.zNumber }} printLabel={t('shift.printZ', { number: closed.zNumber })} printing={printReport.isPending} onPrint={() => printReport.mutate({ kind: 'z', zNumber: closed.zNumber })} />
          </div>
        </>
      )}
      <QueryState query={shift} loading={<LoadingBlock label={t('shift.loading')} rows={1} />}>
        {({ report, overTwelveHours, firstShift }) =>
          report === null ? (
            <>
              {/* A second till set up as T01 too mixes its records with the first's at head office:
                  the last moment its number can still change is before this shift. */}
              {firstShift && info.data && <p className="muted">{t('shift.firstShift', { id: info.data.terminalId })}</p>}
              <form className="form-row" onSubmit={(e) => (e.preventDefault(), typedNairaToKobo(amount) !== null && sendOnce(() => open.mutate(typedNairaToKobo(amount)!)))}>
                <label className="field">
                  <span>{t('shift.float')}</span>
                  <input inputMode="decimal" value={amount} onChange={(e) => setAmount(e.target.value)} />
                </label>
                <button type="submit" className="button button-primary button-large" disabled={typedNairaToKobo(amount) === null || open.isPending || locked} aria-busy={open.isPending || undefined}>
                  {t('shift.open')}
                </button>
              </form>
            </>
          ) : (
            <>
              {/* Landscape: the running totals on the left, the drawer (cash in and out, the count) on the right, both in view. */}
              <div className="shift-columns">
                <div className="shift-column">
                  {overTwelveHours && <p className="field-error" role="alert">{t('shift.over12')}</p>}
                  <ReportView report={report} />
                  <div className="form-row">
                    <button type="button" className="button button-ghost-dark" disabled={printReport.isPending} onClick={() => printReport.mutate({ kind: 'x' })}>
                      {t('shift.printX')}
                    </button>
                    <ReportPaperButton request={{ kind: 'x' }} printLabel={t('shift.printX')} printing={printReport.isPending} onPrint={() => printReport.mutate({ kind: 'x' })} />
                  </div>
                </div>
                <div className="shift-column">
                  <section className="shift-part" aria-labelledby="shift-cash-title">
                    <h3 id="shift-cash-title">{t('shift.cashTitle')}</h3>
                    <div className="form-row">
                      <label className="field">
                        <span>{t('shift.amount')}</span>
                        <input inputMode="decimal" value={amount} onChange={(e) => setAmount(e.target.value)} />
                      </label>
                      <label className="field field-grow">
                        <span>{t('shift.reason')}</span>
                        <input value={reason} onChange={(e) => setReason(e.target.value)} />
                      </label>
                      {/* The drawer's three moves wrap together: Cash in never ends a row with Cash out below it. */}
                      <div className="drawer-moves">
                        <button type="button" className="button button-ghost-dark" disabled={typedNairaToKobo(amount) === null || cash.isPending} onClick={() => sendCash('in')}>
                          {t('shift.cashIn')}
                        </button>
                        <button
                          type="button"
                          className="button button-ghost-dark"
                          disabled={typedNairaToKobo(amount) === null || cash.isPending || (cashOutNeedsSupervisor && reason.trim() === '')}
                          aria-describedby={cashOutNeedsSupervisor ? 'cash-out-rule' : undefined}
                          onClick={() => (cashOutNeedsSupervisor ? (cash.reset(), setApproving('cashOut')) : sendCash('out'))}
                        >
                          {cashOutNeedsSupervisor ? t('shift.cashOutAskSupervisor') : t('shift.cashOut')}
                        </button>
                        {/* No amount: the drawer opens for change or a check, on the record with its reason. */}
                        <button
                          type="button"
                          className="button button-ghost-dark"
                          disabled={reason.trim() === '' || noSale.isPending}
                          aria-describedby={noSaleNeedsSupervisor ? 'no-sale-rule' : undefined}
                          onClick={() => (noSaleNeedsSupervisor ? (noSale.reset(), setApproving('noSale')) : sendToDrawer(() => noSale.mutate(undefined)))}
                        >
                          {noSaleNeedsSupervisor ? t('shift.noSaleAskSupervisor') : t('shift.noSale')}
                        </button>
                      </div>
                    </div>
                    {cashOutNeedsSupervisor && (
                      <p className="muted" id="cash-out-rule">
                        {t('shift.cashOutSupervisorOnly')}
                      </p>
                    )}
                    {noSaleNeedsSupervisor && (
                      <p className="muted" id="no-sale-rule">
                        {t('shift.noSaleSupervisorOnly')}
                      </p>
                    )}
                    {drawerDone && (
                      <p role="status">
                        {drawerDone.kind === 'no-sale'
                          ? t(drawerDone.drawerPulse ? 'shift.noSaleDone' : 'shift.noSaleNoDrawer')
                          : t(drawerDone.kind === 'in' ? 'shift.cashDoneIn' : 'shift.cashDoneOut', { amount: money(drawerDone.amountKobo) })}
                      </p>
                    )}
                  </section>
                  <section className="shift-part" aria-labelledby="shift-close-title">
                    <h3 id="shift-close-title">{t('shift.closeTitle')}</h3>
                    {isSupervisor ? (
                      <>
                        <form className="form-row" onSubmit={(e) => (e.preventDefault(), askToClose())}>
                          <label className="field">
                            <span>{t('shift.counted')}</span>
                            <input inputMode="decimal" value={counted} onChange={(e) => setCounted(e.target.value)} />
                          </label>
                          <button type="button" className="button button-ghost-dark" disabled={close.isPending || locked} onClick={() => setCountingNotes(true)}>
                            {t('shift.count.open')}
                          </button>
                          <button type="submit" className="button button-primary" disabled={countedKobo === null || close.isPending || locked}>
                            {t('shift.close')}
                          </button>
                        </form>
                        <UnsentWarning />
                      </>
                    ) : (
                      <p className="muted" data-testid="shift-supervisor-closes">{t('shift.supervisorCloses')}</p>
                    )}
                  </section>
                </div>
              </div>
              {approving && (
                <Sheet title={t(approving === 'noSale' ? 'shift.noSaleApprovalTitle' : 'shift.cashOutApprovalTitle')} onClose={approval.busy ? undefined : stopApproving}>
                  <QueryState query={approvers} loading={<LoadingBlock label={t('signin.loadingStaff')} rows={1} />}>
                    {({ approvers: list }) => (
                      <ApprovalStep
                        lead={
                          approving === 'noSale'
                            ? t('shift.noSaleApprovalLead', { reason: reason.trim() })
                            : t('shift.cashOutApprovalLead', { amount: money(typedNairaToKobo(amount) ?? 0), reason: reason.trim() })
                        }
                        working={t(approving === 'noSale' ? 'shift.noSaleApprovalWorking' : 'shift.cashOutApprovalWorking')}
                        approvers={list}
                        busy={approval.busy}
                        error={approval.error instanceof PosCallError ? say(approval.error.error) : null}
                        onApprove={approval.send}
                        onBack={stopApproving}
                      />
                    )}
                  </QueryState>
                </Sheet>
              )}
              {countingNotes && <CountByNotes onClose={() => setCountingNotes(false)} onUse={(sheet) => (setCounted(koboDecimalText(countSheetTotalKobo(sheet))), setNoteCount(sheet), setCountingNotes(false))} />}
              {confirming && countedKobo !== null && (
                <Sheet role="alertdialog" title={t('shift.confirm.title', { shift: report.shiftNumber })} onClose={close.isPending ? undefined : () => setConfirming(false)}
                  actions={
                    <>
                      <Button variant="secondary" size="large" disabled={close.isPending || locked} onClick={() => setConfirming(false)}>
                        {t('shift.confirm.back')}
                      </Button>
                      <Button variant="primary" size="large" busy={close.isPending} disabled={locked} onClick={() => sendOnce(() => close.mutate(countedKobo))}>
                        {t('shift.confirm.yes')}
                      </Button>
                    </>
                  }
                >
                  <dl className="report-grid" data-testid="close-confirm">
                    <dt>{t('report.expected')}</dt>
                    <dd data-testid="confirm-expected"><Money kobo={report.cash.expectedKobo} /></dd>
                    <dt>{t('report.counted')}</dt>
                    <dd data-testid="confirm-counted"><Money kobo={countedKobo} /></dd>
                    <dt>{t('report.difference')}</dt>
                    <dd data-testid="confirm-difference" className={countedKobo === report.cash.expectedKobo ? '' : 'field-error'}>
                      <Money kobo={countedKobo - report.cash.expectedKobo} /> {countedKobo < report.cash.expectedKobo ? t('report.short') : countedKobo > report.cash.expectedKobo ? t('report.over') : ''}
                    </dd>
                  </dl>
                  <p>{t('shift.confirm.body')}</p>
                </Sheet>
              )}
            </>
          )
        }
      </QueryState>
      {printReport.isSuccess && <ReportPrintStatus job={printReport.data} request={printReport.variables} shiftNumber={shift.data?.report?.shiftNumber} />}
      {error && <p className="field-error" role="alert">{say(error.error)}</p>}
      {/* A new till number waits for the restart: a supervisor restarts from here, then opens the shift. */}
      {error?.error.said?.key === 'said.settings.tillNumberPending' && isSupervisor && <RestartNow />}
    </section>
  );
}
