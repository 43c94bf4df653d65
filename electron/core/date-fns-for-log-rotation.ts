/**
 * The five date functions pino-roll uses, for the built app only (electron.vite.config.ts points
 * pino-roll's `require('date-fns')` here and bundles it): the package's own entry loads all of
 * date-fns, about 250 modules and 110 ms of CPU at every start of the till.
 */
export { addDays } from 'date-fns/addDays';
export { addHours } from 'date-fns/addHours';
export { format } from 'date-fns/format';
export { isValid } from 'date-fns/isValid';
export { parse } from 'date-fns/parse';
