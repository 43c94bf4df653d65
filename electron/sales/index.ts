/** Selling: staff and shifts, holds and quotes, the journal-first purchase, and settling unknown outcomes. */
export { createSales, type Sales } from './create-sales';
export type { SubmitSaleRequest } from './checkout';
export { salesTuning, type SalesDeps, type SalesTuning, type SaleEvents } from './sales-deps';
export { saleDetailsSchema, cinemaDetailsSchema, hotelDetailsSchema, type SaleDetails, type CinemaDetails, type HotelDetails } from '../../shared/sales/sale-details';
