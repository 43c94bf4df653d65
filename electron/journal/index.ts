/** The sale journal: one SQLite file per till holding every sale, shift, tender and print job. */
export { openJournal, journalFile, journalFileName, type Journal, type JournalOptions, type JournalOpenFailure } from './open-journal';
export { openSalvage, type SalvagedJournal } from './salvage';
export type { SalesRepository } from './sales-repository';
export type { Sale, SaleEvent, Tender, TenderKind } from './sale-records';
export { tenderKinds } from './sale-records';
export type { CreateSaleInput, TenderInput, TransitionDetail, SaleSearch } from './sale-inputs';
export { saleIdSchema, tenderInputSchema } from './sale-inputs';
export type { DateRange } from './date-range';
export { saleKinds, saleStates, legalTransitions, unsettledStates, isLegalTransition, type SaleKind, type SaleState } from './sale-states';
export type { StaffRepository, Staff, StaffRole, CreateStaffInput } from './staff-repository';
export { staffRoles, pinSchema } from './staff-repository';
export type { ShiftsRepository, Shift, CashMovement } from './shifts-repository';
export { shiftReportSchema, zReportSchema, type ShiftReport, type ZReport } from './shift-report';
export type { PrintJobsRepository, PrintJob, PrintJobKind, PrintJobState, PrintRetryPolicy, EnqueuePrintJob } from './print-jobs-repository';
export { defaultPrintRetryPolicy, printJobKinds, printJobStates } from './print-jobs-repository';
export { migrations } from './migrations';
export { listQuarantined } from './quarantine';
