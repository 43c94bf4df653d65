/**
 * zod schemas of the partner API's wire format (partner-api.md, partner-api-notes.md and the
 * agreed shapes for what the spec leaves out). Parsed objects keep the wire's field names, with
 * every money field converted to integer kobo.
 */
export * from './envelope';
export * from './experiences';
export * from './holds';
export * from './hotel-booking';
export * from './hotels';
export * from './primitives';
export * from './rooms';
export * from './ticket-purchase';
export * from './tickets';
export * from './transaction';
