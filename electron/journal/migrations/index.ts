import { initial } from './0001-initial';
import { pinLockout } from './0002-pin-lockout';
import { saleEventGuard } from './0003-sale-event-guard';
import { receipts } from './0004-receipts';
import { payments } from './0005-payments';
import { corrections } from './0006-corrections';
import { chain } from './0007-chain';
import { chainWithoutRowIndex } from './0008-chain-without-row-index';
import { printErrorSentence } from './0009-print-error-sentence';
import { oneSalePerPartnerReference } from './0010-one-sale-per-partner-reference';
import { staffChanges } from './0011-staff-changes';
import { heldKioskReceipts } from './0012-held-kiosk-receipts';
import { journalIdentity } from './0013-journal-identity';
import { indexesForALongJournal } from './0014-indexes-for-a-long-journal';
import { drawerOpenings } from './0015-drawer-openings';
import { drawerOpeningApprovals } from './0016-drawer-opening-approvals';
import { cashMovementApprovals } from './0017-cash-movement-approvals';
import { drawerLeftOpen } from './0018-drawer-left-open';

/**
 * The journal's schema, as numbered steps: migrations[i] takes the file from user_version i to
 * i + 1. A shipped step is never edited (tills in the field already ran it); change the schema by
 * adding a file `NNNN-what-it-does.ts` here and appending it below. See ../README.md.
 *
 * Rules the data must keep whatever code writes it are triggers, not application checks: rows are
 * never deleted, a sale only moves along its legal states, a closed shift and its Z report never
 * change. Trigger messages are shown to people, so they are sentences.
 */
// 0007 (the hash chain) chains every table the steps before it create; a later step that adds a
// money table chains it itself (chainTables, see ../README.md).
export const migrations: readonly string[] = [initial, pinLockout, saleEventGuard, receipts, payments, corrections, chain, chainWithoutRowIndex, printErrorSentence, oneSalePerPartnerReference, staffChanges, heldKioskReceipts, journalIdentity, indexesForALongJournal, drawerOpenings, drawerOpeningApprovals, cashMovementApprovals, drawerLeftOpen];
