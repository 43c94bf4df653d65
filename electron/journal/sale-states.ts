// The sale states and their legal moves have one home, shared by the journal, sales and screens.
export { saleKinds, saleStates, legalTransitions, unsettledStates, awaitingLookupStates, isLegalTransition, type SaleKind, type SaleState } from '../../shared/sales/sale-states';
